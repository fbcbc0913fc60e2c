//! The browser's services for the screens: local storage for the settings, a download for a
//! saved report, the file chooser for replays. A page has no thread for a bot's search: it runs
//! in slices, one per task of the page's event loop, and the page draws between them.

use crate::stored;
use dwarfs_gui::platform::Platform;
use dwarfs_gui::settings::Settings;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// A replay the player chose or dropped: its file name and bytes, or why it could not be read.
type Picked = Rc<RefCell<Option<Result<(String, Vec<u8>), String>>>>;

/// The browser platform.
#[derive(Default)]
pub struct Browser {
    /// The replay chosen in the file chooser, until the viewer takes it.
    picked: Picked,
    /// The page's egui context, repainted when a chosen file has been read.
    ctx: RefCell<Option<egui::Context>>,
}

impl Browser {
    /// Remembers the page's context, to wake it when a file arrives.
    pub fn set_context(&self, ctx: &egui::Context) {
        *self.ctx.borrow_mut() = Some(ctx.clone());
    }
}

/// The page's local storage, if the browser gives one (not in every private window).
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The settings kept in local storage, and why they could not be read, if so.
pub fn load_settings() -> (Settings, Option<String>) {
    let text = storage().and_then(|s| s.get_item(stored::SETTINGS_KEY).ok().flatten());
    stored::settings_from(text.as_deref())
}

impl Platform for Browser {
    fn thinks_in_slices(&self) -> bool {
        true
    }

    fn run_slices(&self, mut slice: Box<dyn FnMut() -> bool>) -> Result<(), String> {
        wasm_bindgen_futures::spawn_local(async move {
            while !slice() {
                next_task().await;
            }
        });
        Ok(())
    }

    fn save_text(&self, file_name: &str, text: &str) -> Result<String, String> {
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        download(file_name, &parts, "text/plain;charset=utf-8")
            .map_err(|e| format!("the download did not start: {e}"))?;
        Ok(format!("downloaded as {file_name}"))
    }

    fn save_bytes(&self, file_name: &str, bytes: &[u8]) -> Result<String, String> {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        download(file_name, &parts, "application/octet-stream")
            .map_err(|e| format!("the download did not start: {e}"))?;
        Ok(format!("downloaded as {file_name}"))
    }

    fn save_settings(&self, settings: &Settings) -> Result<String, String> {
        let s = storage().ok_or("this browser keeps nothing for the page (a private window?)")?;
        s.set_item(stored::SETTINGS_KEY, &stored::settings_text(settings))
            .map_err(|e| format!("the browser refused to keep them: {e:?}"))?;
        Ok("kept in this browser".into())
    }

    fn identity(&self) -> Result<String, String> {
        use dwarfs_net::store::PeerStore;
        crate::network::BrowserStore
            .key()
            .map(|k| k.public().to_peer_id().to_string())
            .map_err(|e| e.to_string())
    }

    fn opens_by_name(&self) -> bool {
        false
    }

    fn pick_replay(&self) -> bool {
        choose_file(self.picked.clone(), self.ctx.borrow().clone()).is_ok()
    }

    fn read_dropped(&self, file: egui::DroppedFileHandle) -> bool {
        let picked = self.picked.clone();
        let ctx = self.ctx.borrow().clone();
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().display().to_string();
            let read = file
                .bytes_async()
                .await
                .map(|bytes| (name.clone(), bytes))
                .map_err(|e| format!("{name}: could not be read: {e}"));
            *picked.borrow_mut() = Some(read);
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
        true
    }

    fn picked_replay(&self) -> Option<Result<(String, Vec<u8>), String>> {
        self.picked.borrow_mut().take()
    }
}

/// Offers `text` as a download named `file_name`.
fn download(file_name: &str, parts: &js_sys::Array, mime: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(parts, &options)
        .map_err(|e| format!("{e:?}"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|_| "not an anchor")?;
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Opens the browser's file chooser for a `.replay`; the chosen file's bytes land in `picked`.
fn choose_file(picked: Picked, ctx: Option<egui::Context>) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let input: web_sys::HtmlInputElement = document
        .create_element("input")
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|_| "not an input")?;
    input.set_type("file");
    input.set_accept(".replay");
    let chooser = input.clone();
    let on_change = Closure::once(move |_: web_sys::Event| {
        let Some(file) = chooser.files().and_then(|f| f.get(0)) else {
            return;
        };
        let name = file.name();
        wasm_bindgen_futures::spawn_local(async move {
            let read = match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                Ok(buffer) => Ok((name, js_sys::Uint8Array::new(&buffer).to_vec())),
                Err(e) => Err(format!("{name}: could not be read: {e:?}")),
            };
            *picked.borrow_mut() = Some(read);
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The chooser lives as long as the page may still answer it.
    on_change.forget();
    input.click();
    Ok(())
}

/// Resolves in a task of its own (`setTimeout(0)`): the browser draws a frame due, and handles
/// input, before it. (Timers nested this deep wait at least 4 ms: a search works about 70% of
/// the time, and the page stays responsive.)
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

//! `dwarfs web`: serves the web page (built by `scripts/build-web.sh`) over HTTP, so that the
//! game opens in a browser on this machine, or on the LAN with `--listen 0.0.0.0:8080`.
//!
//! The server gives out the page's own files and nothing else: one flat directory, names of
//! letters, digits, dots, dashes and underscores (no `..`, no subdirectory), GET and HEAD only.

use crate::{CliError, out};
use std::path::{Path, PathBuf};

/// Arguments of `dwarfs web`.
#[derive(clap::Args, Debug)]
pub struct WebArgs {
    /// The built page's directory (`scripts/build-web.sh` writes it).
    #[arg(long, default_value = "target/page")]
    pub dir: PathBuf,
    /// Where to listen: 127.0.0.1 keeps the page to this machine, 0.0.0.0 offers it to the LAN.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: String,
}

/// Runs `dwarfs web` until the process is stopped.
pub fn run(args: &WebArgs) -> Result<(), CliError> {
    require_page(&args.dir, "--dir")?;
    let server = tiny_http::Server::http(&args.listen)
        .map_err(|e| CliError::Failed(format!("cannot listen on {}: {e}", args.listen)))?;
    out!(
        "serving the dwarfs page from {} at http://{}/ (Ctrl-C stops)",
        args.dir.display(),
        server.server_addr()
    );
    serve(&server, &args.dir);
    Ok(())
}

/// Refuses a directory without a built page, saying how to build it (or which `flag` names
/// another directory).
fn require_page(dir: &Path, flag: &str) -> Result<(), CliError> {
    if dir.join("index.html").is_file() {
        return Ok(());
    }
    Err(CliError::Usage(format!(
        "no web page in {}: build it with scripts/build-web.sh (or give {flag})",
        dir.display()
    )))
}

/// Where the built page is for the desktop app: `DWARFS_PAGE_DIR`, a `page` folder next to the
/// program, or `target/page` (where `scripts/build-web.sh` writes it); the first that holds an
/// `index.html`.
pub fn page_dir() -> Option<PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join("page")));
    std::env::var_os("DWARFS_PAGE_DIR")
        .map(PathBuf::from)
        .into_iter()
        .chain(beside)
        .chain(Some(PathBuf::from("target/page")))
        .find(|d| d.join("index.html").is_file())
}

/// Serves the page of `dir` at `listen` on a thread of its own, for as long as the process
/// runs (`dwarfs host --web`); returns the port it listens on.
pub fn serve_in_background(dir: &Path, listen: &str) -> Result<u16, CliError> {
    require_page(dir, "--web-dir")?;
    let server = tiny_http::Server::http(listen)
        .map_err(|e| CliError::Failed(format!("cannot serve the page on {listen}: {e}")))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| CliError::Failed(format!("no TCP port to serve the page on {listen}")))?;
    let dir = dir.to_path_buf();
    std::thread::Builder::new()
        .name("dwarfs-web".into())
        .spawn(move || serve(&server, &dir))
        .map_err(|e| CliError::Failed(format!("cannot start the page's server: {e}")))?;
    Ok(port)
}

/// Answers requests for the files of `dir` until the server stops.
pub fn serve(server: &tiny_http::Server, dir: &Path) {
    for request in server.incoming_requests() {
        let answer = answer(dir, request.method(), request.url());
        // A browser that went away mid-answer is no concern of the server's.
        let _ = request.respond(answer);
    }
}

/// The answer to `method` `url`: the file it names with its type, or an error status.
fn answer(
    dir: &Path,
    method: &tiny_http::Method,
    url: &str,
) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    use tiny_http::{Method, Response};
    if !matches!(method, Method::Get | Method::Head) {
        return Response::from_string("only GET and HEAD").with_status_code(405);
    }
    let Some(name) = file_name(url) else {
        return Response::from_string("not found").with_status_code(404);
    };
    match std::fs::read(dir.join(name)) {
        Ok(bytes) => {
            let header = tiny_http::Header::from_bytes("Content-Type", content_type(name))
                .unwrap_or_else(|()| unreachable!("a fixed ASCII header"));
            Response::from_data(bytes).with_header(header)
        }
        Err(_) => Response::from_string("not found").with_status_code(404),
    }
}

/// The page's file that `url` names (`/` is `index.html`), or `None` for anything that is not
/// a plain file name of the page's one directory.
fn file_name(url: &str) -> Option<&str> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let name = path.strip_prefix('/')?;
    let name = if name.is_empty() { "index.html" } else { name };
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    (plain && !name.starts_with('.')).then_some(name)
}

/// The content type of a page's file by its extension; a module script and a wasm module
/// must have theirs for the browser to run them.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// Asks `addr` for `path` over plain HTTP/1.0; the whole answer as text.
    fn get(addr: std::net::SocketAddr, method: &str, path: &str) -> String {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        write!(s, "{method} {path} HTTP/1.0\r\nHost: x\r\n\r\n").unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn the_page_files_are_served_with_their_types_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>dwarfs</p>").unwrap();
        std::fs::write(dir.path().join("dwarfs_web_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.path().join("dwarfs_web.js"), "export {}").unwrap();
        std::fs::write(dir.path().join(".hidden"), "secret").unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
        let addr = server.server_addr().to_ip().unwrap();
        let root = dir.path().to_path_buf();
        std::thread::scope(|scope| {
            scope.spawn(|| serve(&server, &root));
            let index = get(addr, "GET", "/");
            assert!(index.starts_with("HTTP/1.0 200") || index.starts_with("HTTP/1.1 200"));
            assert!(index.contains("text/html") && index.ends_with("<p>dwarfs</p>"));
            let wasm = get(addr, "GET", "/dwarfs_web_bg.wasm?v=1");
            assert!(wasm.contains("application/wasm"), "{wasm}");
            assert!(get(addr, "GET", "/dwarfs_web.js").contains("text/javascript"));
            let name = outside.path().file_name().unwrap().to_string_lossy();
            for bad in [
                format!("/../{name}/secret.txt"),
                "/%2e%2e/Cargo.toml".into(),
                "/.hidden".into(),
                "/sub/index.html".into(),
                "/missing.js".into(),
            ] {
                let a = get(addr, "GET", &bad);
                assert!(a.contains(" 404 ") && !a.contains("secret"), "{bad}: {a}");
            }
            assert!(get(addr, "POST", "/").contains(" 405 "));
            server.unblock();
        });
    }

    #[test]
    fn a_directory_without_a_page_is_refused_with_the_command_that_builds_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = run(&WebArgs {
            dir: dir.path().to_path_buf(),
            listen: "127.0.0.1:0".into(),
        })
        .unwrap_err();
        assert!(e.to_string().contains("scripts/build-web.sh"), "{e}");
    }
}

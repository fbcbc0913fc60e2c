//! The rules: what is legal ([`legal`]), what an action does ([`apply`]), and chance, eras and
//! the end ([`flow`]).

pub(crate) mod apply;
pub(crate) mod flow;
pub(crate) mod legal;

//! stub
use crate::{ast::Program, Diagnostic, Dialect, Source};
pub struct Loaded {
    pub program: Program,
    pub infos: Vec<Diagnostic>,
}
pub fn load(_s: &[Source], _d: Dialect) -> Result<Loaded, Vec<Diagnostic>> {
    Err(vec![])
}

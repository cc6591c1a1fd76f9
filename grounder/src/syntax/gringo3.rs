//! stub
use super::{actions::Ctx, raw::RawStatement};
use crate::ast::Statement;
pub fn lower(_raw: Vec<RawStatement>, _ctx: &mut Ctx) -> Vec<Statement> {
    Vec::new()
}

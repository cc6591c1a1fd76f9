//! Parsing: bytes to [`crate::ast::Program`].

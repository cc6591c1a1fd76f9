//! Parsing: bytes to [`crate::ast::Program`].
//!
//! Pipeline per source: UTF-8 check → [`lexer`] (logos; lexer errors are reported and the
//! bad text skipped) → the LALRPOP grammar (`grammar.lalrpop`; a syntax error skips to the
//! next `.`, like clingo) → [`raw`] statements that keep `,` `;` `:` as written → lowering
//! for one dialect: [`lower`] (clingo 5) or [`gringo3`] (the legacy language, rewritten into
//! the modern AST). `Dialect::Auto` picks gringo 3 for a file that uses a construct only
//! gringo 3 has. At most [`MAX_ERRORS`] errors are returned (clingo's 20 and one more).

pub mod actions;
mod constterm;
pub mod facts;
pub mod gringo3;
pub mod lexer;
pub mod lower;
pub mod print;
pub mod raw;
pub mod tuples;

mod load;

use std::sync::Arc;

use crate::ast::{Program, Statement, Term};
use crate::diagnostic::Diagnostic;
use crate::{Dialect, Source};
use actions::Ctx;
use lexer::{LexError, Token};

pub(crate) use load::load_split;
pub use load::{load, Loaded};

lalrpop_util::lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        unused_parens,
        unused_imports,
        dead_code
    )]
    grammar,
    "/syntax/grammar.rs"
);

/// The most errors kept for one run: clingo prints 20 messages and ends the run with `too many
/// messages` at the next one, so one more than 20 is kept for the printer to tell that end
/// from a run with exactly 20 errors.
pub const MAX_ERRORS: usize = 21;

/// Parses one source in the given dialect (`Auto` decides from the file's legacy constructs).
pub fn parse(source: &Source, dialect: Dialect) -> Result<Program, Vec<Diagnostic>> {
    let text = source_text(source)?;
    parse_text(&source.name, text, dialect).map(|(program, _)| program)
}

/// Parses one source with its simple facts taken out (see [`facts`]): the other statements
/// and the facts. The facts are only taken out of a clingo-dialect source that parses
/// without errors; otherwise the whole text is parsed as by [`parse`] and no facts are given.
pub(crate) fn parse_split(
    source: &Source,
    dialect: Dialect,
) -> Result<(Program, facts::Facts), Vec<Diagnostic>> {
    let text = source_text(source)?;
    if dialect != Dialect::Gringo3 {
        if let Some(split) = facts::split(text, &Arc::from(source.name.as_str())) {
            if let Ok((program, false)) = parse_text(&source.name, &split.text, dialect) {
                return Ok((program, split.facts));
            }
        }
    }
    let (program, _) = parse_text(&source.name, text, dialect)?;
    Ok((program, facts::Facts::default()))
}

/// The text of a source, or the message for bytes that are not UTF-8.
fn source_text(source: &Source) -> Result<&str, Vec<Diagnostic>> {
    std::str::from_utf8(&source.text).map_err(|error| {
        let file: Arc<str> = Arc::from(source.name.as_str());
        vec![utf8_error(file, &source.text, error)]
    })
}

/// Parses a text in the given dialect; also says whether it was read as gringo 3.
fn parse_text(
    name: &str,
    text: &str,
    dialect: Dialect,
) -> Result<(Program, bool), Vec<Diagnostic>> {
    let mut ctx = Ctx::new(Arc::from(name), text);
    let tokens = lex(&mut ctx, text, dialect);
    let parsed = grammar::ProgramParser::new().parse(&mut ctx, tokens);
    let raw = parsed.unwrap_or_else(|error| {
        ctx.syntax_error(error);
        Vec::new()
    });
    if !ctx.errors.is_empty() {
        return Err(truncate(ctx.errors));
    }
    let (statements, legacy) = match dialect {
        Dialect::Clingo => (lower::lower(raw, &mut ctx), false),
        Dialect::Gringo3 => (gringo3::lower(raw, &mut ctx), true),
        Dialect::Auto if ctx.legacy => (gringo3::lower(raw, &mut ctx), true),
        Dialect::Auto => match lower_unless_legacy(raw, &mut ctx) {
            Some(statements) => (statements, false),
            None => return parse_text(name, text, Dialect::Gringo3),
        },
    };
    let statements = tuples::expand(statements, &mut ctx, legacy);
    if !ctx.errors.is_empty() {
        return Err(truncate(ctx.errors));
    }
    Ok((Program { statements }, legacy))
}

/// Parses a term (for symbol parsing); the name in messages is `<term>`.
pub fn parse_term(text: &str) -> Result<Term, Diagnostic> {
    let mut ctx = Ctx::new(Arc::from("<term>"), text);
    let tokens: Vec<_> = lex(&mut ctx, text, Dialect::Clingo).collect();
    parse_tokens_as_term(ctx, tokens)
}

/// Parses the value of `-c name=value` as clingo does: the text `name=value` in a pseudo-file
/// `<name=value>`, the value with clingo's constant grammar (`constterm.rs`: no variables,
/// intervals or pools).
pub fn parse_const_override(name: &str, value: &str) -> Result<Term, Diagnostic> {
    let text = format!("{name}={value}");
    let mut ctx = Ctx::new(Arc::from(format!("<{text}>")), &text);
    let tokens: Vec<_> = lex(&mut ctx, &text, Dialect::Clingo).collect();
    let Some([Ok((_, Token::Identifier(_), _)), Ok((_, Token::Eq, _))]) = tokens.get(..2) else {
        return parse_term(value);
    };
    let value: Vec<(usize, &Token, usize)> = tokens[2..]
        .iter()
        .flatten()
        .map(|(l, t, r)| (*l, t, *r))
        .collect();
    if let Some(refused) = refused_const_value(&ctx, &value, constterm::End::Text) {
        // A lexer error comes first in the text when there is one.
        return Err(ctx.errors.into_iter().next().unwrap_or(refused));
    }
    let value = tokens[2..].to_vec();
    parse_tokens_as_term(ctx, value)
}

/// The syntax error of a constant's value (its tokens, from the first after `=`) that clingo's
/// constant grammar refuses (`constterm.rs`), located at the refused token.
fn refused_const_value(
    ctx: &Ctx,
    value: &[(usize, &Token, usize)],
    end: constterm::End,
) -> Option<Diagnostic> {
    let kinds: Vec<&Token> = value.iter().map(|(_, token, _)| *token).collect();
    let (refused, message) = constterm::first_refused(&kinds, end)?;
    let (l, _, r) = value[refused];
    Some(Diagnostic {
        severity: crate::Severity::Error,
        span: Some(ctx.span(l, r)),
        message,
        notes: Vec::new(),
    })
}

/// Parses lexed tokens as one term; the first error found while lexing or parsing.
fn parse_tokens_as_term(
    mut ctx: Ctx,
    tokens: Vec<Result<(usize, Token, usize), ()>>,
) -> Result<Term, Diagnostic> {
    let parsed = grammar::SingleTermParser::new().parse(&mut ctx, tokens);
    let term = parsed.map_err(|error| ctx.syntax_error(error));
    match (term, ctx.errors.into_iter().next()) {
        (Ok(term), None) => Ok(term),
        (_, Some(error)) => Err(error),
        (Err(()), None) => Err(Diagnostic {
            severity: crate::Severity::Error,
            span: None,
            message: "syntax error".into(),
            notes: Vec::new(),
        }),
    }
}

/// Keeps the first [`MAX_ERRORS`] errors.
fn truncate(mut errors: Vec<Diagnostic>) -> Vec<Diagnostic> {
    errors.truncate(MAX_ERRORS);
    errors
}

/// The token stream for the parser: lexer errors (and, in the clingo dialect, gringo 3's
/// keywords) are reported and left out. The bookkeeping the parser's actions need (token
/// positions, dots, commas, what follows `@`) is done in a first pass over the lexer's
/// output; the tokens themselves are then handed over lazily, so no second token vector
/// is built.
fn lex(
    ctx: &mut Ctx,
    text: &str,
    dialect: Dialect,
) -> impl Iterator<Item = Result<(usize, Token, usize), ()>> {
    let tokens = lexer::tokenize(text);
    let is_dropped = move |token: &Token| dialect == Dialect::Clingo && token.is_legacy_keyword();
    let mut previous_is_at = false;
    for (l, item, r) in &tokens {
        let (l, r) = (*l, *r);
        match item {
            Ok(token) if is_dropped(token) => {
                let slice = text.get(l..r).unwrap_or("");
                ctx.lexer_errors.push(l);
                ctx.error(ctx.span(l, r), format!("lexer error, unexpected {slice}"));
            }
            Ok(token) => {
                if let Some(&(at, _)) = ctx.tokens.last().filter(|_| previous_is_at) {
                    ctx.after_at.push((at, (l, r, token.clingo_name())));
                }
                previous_is_at = *token == Token::At;
                match token {
                    Token::Dot => ctx.dots.push(l),
                    Token::Comma => ctx.commas.push(l),
                    _ => {}
                }
                ctx.tokens.push((l, r));
            }
            Err(error) => {
                ctx.lexer_errors.push(l);
                lex_error(ctx, text, error.clone(), l, r);
            }
        }
    }
    find_const_errors(ctx, &tokens);
    tokens
        .into_iter()
        .filter_map(move |(l, item, r)| match item {
            Ok(token) if !is_dropped(&token) => Some(Ok((l, token, r))),
            _ => None,
        })
}

/// Records, for each `#const name=value.`, the syntax error clingo's constant grammar gives
/// for its value, if any (reported when the parser reduces the statement).
fn find_const_errors(ctx: &mut Ctx, tokens: &[lexer::Spanned]) {
    let starts = tokens
        .iter()
        .enumerate()
        .filter(|(_, (_, item, _))| matches!(item, Ok(Token::Const)));
    for (index, &(at, _, _)) in starts {
        let statement: Vec<(usize, &Token, usize)> = tokens[index + 1..]
            .iter()
            .filter_map(|(l, item, r)| item.as_ref().ok().map(|token| (*l, token, *r)))
            .take_while(|(_, token, _)| **token != Token::Dot)
            .collect();
        let [(_, Token::Identifier(_), _), (_, Token::Eq, _), value @ ..] = &statement[..] else {
            continue;
        };
        if let Some(error) = refused_const_value(ctx, value, constterm::End::Dot) {
            ctx.const_errors.push((at, error));
        }
    }
}

/// Reports one lexer error as clingo words it.
fn lex_error(ctx: &mut Ctx, text: &str, error: LexError, l: usize, r: usize) {
    let slice = text.get(l..r).unwrap_or("");
    match error {
        LexError::UnterminatedComment => {
            ctx.error(ctx.eof_span(), "lexer error, unexpected <EOF>");
        }
        LexError::UnterminatedString => {
            ctx.error(ctx.span(l, l + 1), "lexer error, unexpected \"");
        }
        LexError::IntegerTooLarge => ctx.error(ctx.span(l, r), "integer literal out of range"),
        LexError::Unexpected | LexError::UnknownDirective => {
            ctx.error(ctx.span(l, r), format!("lexer error, unexpected {slice}"));
        }
    }
}

/// The message for input that is not UTF-8, at the first bad byte.
fn utf8_error(file: Arc<str>, bytes: &[u8], error: std::str::Utf8Error) -> Diagnostic {
    let at = error.valid_up_to();
    let prefix = std::str::from_utf8(bytes.get(..at).unwrap_or(&[])).unwrap_or("");
    let ctx = Ctx::new(file, prefix);
    let byte = bytes.get(at).copied().unwrap_or(0);
    Diagnostic {
        severity: crate::Severity::Error,
        span: Some(ctx.span(at, at + 1)),
        message: format!("lexer error, invalid UTF-8 byte 0x{byte:02x}: the input must be UTF-8"),
        notes: Vec::new(),
    }
}

/// Lowers a file as clingo 5 unless it uses a form only gringo 3 accepts (`None`: the caller
/// parses the text again as gringo 3, which yields the same raw statements, so they need not
/// be kept: lowering consumes them).
fn lower_unless_legacy(raw: Vec<raw::RawStatement>, ctx: &mut Ctx) -> Option<Vec<Statement>> {
    let mut out = Vec::with_capacity(raw.len());
    let mut failures = Vec::new();
    for statement in raw {
        if let Err(failure) = lower::lower_statement(statement, &mut out) {
            failures.push(failure);
        }
    }
    if failures.iter().any(|failure| failure.legacy) {
        return None;
    }
    for failure in failures {
        ctx.error(failure.span, failure.message);
    }
    Some(out)
}

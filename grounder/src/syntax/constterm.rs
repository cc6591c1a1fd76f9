//! The value of `#const name=value.` and of `-c name=value` as clingo's grammar reads it.
//!
//! clingo parses a constant's value with its own term grammar, narrower than a rule's: no
//! variables, no `_`, no intervals `..` and no pools `;`. Our grammar reads the value as an
//! ordinary term, so this module finds, on the tokens, the first token clingo's parser would
//! stop at and words the syntax error as bison does with clingo's tables:
//! - the `expecting` list is that of the innermost open bracket: `)` inside the arguments of
//!   a function or an external call (`f(1..2)`, `@g(1;2)`), `"," or )` inside parentheses or a
//!   tuple (`(1;2)`, `-(1..2)`), nothing inside `|..|` or at the top (`EOF` at the top of a
//!   `-c` value, which is parsed to the end of its text);
//! - a variable or `_` lists `)` only as the first token of a function's arguments (`f(X)`),
//!   where clingo's state also admits the closing parenthesis; anywhere else nothing.
//!
//! # Invariants
//! - The scan is lexical: it looks at the value's tokens up to the statement's `.` at bracket
//!   depth 0 and reports at most one error per value, the first in source order.
//! - A `|` opens an absolute value where a term may start and closes one elsewhere.

use crate::syntax::lexer::Token;

/// What an open bracket of the value is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    /// The arguments of `f(` or `@f(`.
    Arguments,
    /// `(` opening a parenthesized term or a tuple.
    Parenthesis,
    /// `|` opening an absolute value.
    Absolute,
}

/// Where the value ends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// At the statement's `.` (`#const`).
    Dot,
    /// At the end of the text (`-c name=value`).
    Text,
}

/// The first token clingo's constant grammar refuses: its index in `tokens` and the message
/// (`syntax error, unexpected ..`, with clingo's `expecting` list).
pub fn first_refused(tokens: &[&Token], end: End) -> Option<(usize, String)> {
    let mut open: Vec<Open> = Vec::new();
    let mut term_may_start = true;
    for (index, &token) in tokens.iter().enumerate() {
        let after_open_arguments = index > 0
            && *tokens[index - 1] == Token::LParen
            && open.last() == Some(&Open::Arguments);
        let found = match token {
            Token::Dot if end == End::Dot && open.is_empty() => return None,
            Token::Variable(_) => Some("<VARIABLE>"),
            Token::Anonymous => Some("<ANONYMOUS>"),
            Token::Dots => Some(".."),
            Token::Semicolon => Some(";"),
            _ => None,
        };
        if let Some(found) = found {
            let expecting = match (found, open.last()) {
                ("<VARIABLE>" | "<ANONYMOUS>", _) if after_open_arguments => ", expecting )",
                ("<VARIABLE>" | "<ANONYMOUS>", _) => "",
                (_, Some(Open::Arguments)) => ", expecting )",
                (_, Some(Open::Parenthesis)) => ", expecting \",\" or )",
                (_, Some(Open::Absolute)) => "",
                (_, None) if end == End::Text => ", expecting EOF",
                (_, None) => "",
            };
            return Some((
                index,
                format!("syntax error, unexpected {found}{expecting}"),
            ));
        }
        term_may_start = track_brackets(token, index, tokens, term_may_start, &mut open);
    }
    None
}

/// Updates the open brackets for `token`; returns whether a term may start after it.
fn track_brackets(
    token: &Token,
    index: usize,
    tokens: &[&Token],
    term_may_start: bool,
    open: &mut Vec<Open>,
) -> bool {
    match token {
        Token::LParen => {
            let after_name = index > 0 && matches!(tokens[index - 1], Token::Identifier(_));
            open.push(if after_name {
                Open::Arguments
            } else {
                Open::Parenthesis
            });
            true
        }
        Token::RParen => {
            open.pop();
            false
        }
        Token::Bar if term_may_start => {
            open.push(Open::Absolute);
            true
        }
        Token::Bar => {
            open.pop();
            false
        }
        Token::Identifier(_)
        | Token::Number(_)
        | Token::String(_)
        | Token::Infimum
        | Token::Supremum => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lexer::tokenize;

    /// The message for a value, and the refused token's text.
    fn refused(value: &str, end: End) -> Option<(String, String)> {
        let tokens = tokenize(value);
        let kinds: Vec<&Token> = tokens
            .iter()
            .filter_map(|(_, t, _)| t.as_ref().ok())
            .collect();
        first_refused(&kinds, end).map(|(index, message)| {
            let (l, _, r) = &tokens[index];
            (message, value[*l..*r].to_string())
        })
    }

    #[test]
    fn the_expecting_list_is_that_of_the_innermost_bracket() {
        let message = |value: &str| refused(value, End::Dot).map(|(m, _)| m);
        let unexpected = |rest: &str| Some(format!("syntax error, unexpected {rest}"));
        assert_eq!(message("1..3."), unexpected(".."));
        assert_eq!(message("f(g(1..2))."), unexpected(".., expecting )"));
        assert_eq!(message("-(1..2)."), unexpected(".., expecting \",\" or )"));
        assert_eq!(message("(1,2;3)."), unexpected(";, expecting \",\" or )"));
        assert_eq!(message("@g(1;2)."), unexpected(";, expecting )"));
        assert_eq!(message("|1;2|."), unexpected(";"));
        assert_eq!(message("f(X)."), unexpected("<VARIABLE>, expecting )"));
        assert_eq!(message("f(1,X)."), unexpected("<VARIABLE>"));
        assert_eq!(message("(_,1)."), unexpected("<ANONYMOUS>"));
        assert_eq!(message("f(|a|,(b,c)). p(X..Y)."), None);
        assert_eq!(
            refused("1;2", End::Text).map(|(m, _)| m),
            unexpected(";, expecting EOF")
        );
    }

    #[test]
    fn the_first_refused_token_in_source_order_is_reported() {
        assert_eq!(
            refused("f(1..X;Y).", End::Dot),
            Some((
                "syntax error, unexpected .., expecting )".into(),
                "..".into()
            ))
        );
        assert_eq!(
            refused("(X;1).", End::Dot),
            Some(("syntax error, unexpected <VARIABLE>".into(), "X".into()))
        );
    }
}

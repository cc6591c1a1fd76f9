//! The grammar's semantic actions: spans from byte offsets, term construction with the
//! nesting bound, integer range checks and the folding of `-` into integer literals.
//!
//! Invariants: no term built here is deeper than [`MAX_DEPTH`] (a deeper one is reported
//! once and replaced by `0`), so recursive walks and `Drop` over parsed terms are bounded.
//! Integer literals above `i32::MAX` survive only as [`Tm::big`] until a unary minus folds
//! them (`-2147483648`); any other use reports `integer literal out of range`.

use std::sync::Arc;

use lalrpop_util::{ErrorRecovery, ParseError};

use crate::ast::{Atom, Position, Span, Term, TermKind, UnaryOp};
use crate::diagnostic::{Diagnostic, Severity};
use crate::syntax::lexer::Token;
use crate::syntax::raw::RawStatement;

/// The deepest term nesting accepted (parentheses, operators, function arguments).
pub const MAX_DEPTH: u32 = 1000;

/// A term under construction with what the actions need to know about it.
#[derive(Clone, Debug)]
pub struct Tm {
    /// The term itself.
    pub term: Term,
    /// Height of the term tree (a leaf is 1).
    pub depth: u32,
    /// Written in parentheses (so `-(5)` is not folded into the literal `-5`).
    pub paren: bool,
    /// An integer literal too large for 32 bits (the term is a placeholder `0`).
    pub big: Option<i64>,
}

/// One alternative of an argument list or tuple: terms and whether a `,` ended it.
/// One alternative of an argument list: its terms, whether a comma ends it, and where it was
/// written (from its first term to its last term or comma: gringo's location of a tuple).
pub type Tuple = (Vec<Tm>, bool, (usize, usize));

/// The state the grammar actions share for one source.
pub struct Ctx {
    /// The file name used in spans.
    pub file: Arc<str>,
    /// Byte offset where each line starts.
    line_starts: Vec<usize>,
    /// Length of the text.
    len: usize,
    /// Whether the text ends with a newline (for clingo's location of EOF).
    ends_with_newline: bool,
    /// Messages found while parsing.
    pub errors: Vec<Diagnostic>,
    /// A construct that exists only in gringo 3 was seen.
    pub legacy: bool,
    /// Start and end offsets of the tokens given to the parser, in order.
    pub tokens: Vec<(usize, usize)>,
    /// Start offsets of text skipped by lexer errors.
    pub lexer_errors: Vec<usize>,
    /// Atoms written with pools of argument tuples (`p(1,2;3,4)`), by span.
    pub tuple_pools: std::collections::HashSet<Span>,
    /// Start offsets of the `.` tokens.
    pub dots: Vec<usize>,
    /// Start offsets of the `,` tokens.
    pub commas: Vec<usize>,
    /// For each `@` token: its start offset and the token after it (span and clingo name).
    /// clingo reads `@` where a term may start as an external function call `@f(...)`.
    pub after_at: Vec<(usize, (usize, usize, String))>,
    /// End of the `.` that ended the last error recovery (clingo stays silent until three
    /// tokens after it have been read, as bison does).
    last_recovery: Option<usize>,
    /// The syntax error of each `#const` value clingo's constant grammar refuses (see
    /// `constterm.rs`), by the offset of its `#const` token, in order.
    pub const_errors: Vec<(usize, Diagnostic)>,
}

impl Ctx {
    /// A context for one source text.
    pub fn new(file: Arc<str>, text: &str) -> Ctx {
        let mut line_starts = vec![0];
        let newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        line_starts.extend(newlines.map(|(at, _)| at + 1));
        Ctx {
            file,
            line_starts,
            len: text.len(),
            ends_with_newline: text.is_empty() || text.ends_with('\n'),
            errors: Vec::new(),
            legacy: false,
            tokens: Vec::new(),
            lexer_errors: Vec::new(),
            tuple_pools: std::collections::HashSet::new(),
            dots: Vec::new(),
            commas: Vec::new(),
            after_at: Vec::new(),
            last_recovery: None,
            const_errors: Vec::new(),
        }
    }

    /// The line and column of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self
            .line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        Position {
            line: line as u32,
            column: (offset - start.min(offset) + 1) as u32,
        }
    }

    /// The span of a byte range.
    pub fn span(&self, start: usize, end: usize) -> Span {
        Span {
            file: self.file.clone(),
            start: self.position(start),
            end: self.position(end),
        }
    }

    /// Where clingo reports the end of the input: one character at the end, on a fresh
    /// line when the text does not end with a newline.
    pub fn eof_span(&self) -> Span {
        let mut start = self.position(self.len);
        if !self.ends_with_newline {
            start = Position {
                line: start.line + 1,
                column: 1,
            };
        }
        let end = Position {
            line: start.line,
            column: start.column + 1,
        };
        Span {
            file: self.file.clone(),
            start,
            end,
        }
    }

    /// Records an error message at a span.
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic {
            severity: Severity::Error,
            span: Some(span),
            message: message.into(),
            notes: Vec::new(),
        });
    }
}

/// Term construction: leaves, operations, functions, calls, tuples and pools, each bounded by
/// [`MAX_DEPTH`].
impl Ctx {
    /// A leaf term.
    pub fn leaf(&self, kind: TermKind, l: usize, r: usize) -> Tm {
        Tm {
            term: Term {
                kind,
                span: self.span(l, r),
            },
            depth: 1,
            paren: false,
            big: None,
        }
    }

    /// An integer literal (range-checked when used, see [`Ctx::done`]).
    pub fn number(&self, value: i64, l: usize, r: usize) -> Tm {
        match i32::try_from(value) {
            Ok(small) => self.leaf(TermKind::Integer(small), l, r),
            Err(_) => Tm {
                big: Some(value),
                ..self.leaf(TermKind::Integer(0), l, r)
            },
        }
    }

    /// Finishes a term: reports an out-of-range literal.
    pub fn done(&mut self, tm: Tm) -> Term {
        if tm.big.is_some() {
            self.error(tm.term.span.clone(), "integer literal out of range");
        }
        tm.term
    }

    /// Builds a node over children, enforcing [`MAX_DEPTH`].
    pub fn node(&mut self, kind: TermKind, depth: u32, l: usize, r: usize) -> Tm {
        let span = self.span(l, r);
        if depth > MAX_DEPTH {
            if depth == MAX_DEPTH + 1 {
                self.error(span.clone(), "nesting too deep");
            }
            return Tm {
                term: Term {
                    kind: TermKind::Integer(0),
                    span,
                },
                depth: 1,
                paren: false,
                big: None,
            };
        }
        Tm {
            term: Term { kind, span },
            depth,
            paren: false,
            big: None,
        }
    }

    /// `op t`, folding `-` into an integer literal written without parentheses.
    pub fn unary(&mut self, op: UnaryOp, tm: Tm, l: usize, r: usize) -> Tm {
        if op == UnaryOp::Minus && !tm.paren {
            if let Some(value) = tm.big {
                if let Ok(small) = i32::try_from(-value) {
                    return self.leaf(TermKind::Integer(small), l, r);
                }
            }
            if let TermKind::Integer(value) = tm.term.kind {
                if tm.big.is_none() && value != i32::MIN {
                    return self.leaf(TermKind::Integer(-value), l, r);
                }
            }
        }
        let depth = tm.depth + 1;
        let inner = self.done(tm);
        self.node(TermKind::Unary(op, Box::new(inner)), depth, l, r)
    }

    /// `a op b`.
    pub fn binary(&mut self, op: crate::ast::BinaryOp, a: Tm, b: Tm, l: usize, r: usize) -> Tm {
        let depth = a.depth.max(b.depth) + 1;
        let (a, b) = (self.done(a), self.done(b));
        self.node(TermKind::Binary(op, Box::new(a), Box::new(b)), depth, l, r)
    }

    /// `a..b`.
    pub fn interval(&mut self, a: Tm, b: Tm, l: usize, r: usize) -> Tm {
        let depth = a.depth.max(b.depth) + 1;
        let (a, b) = (self.done(a), self.done(b));
        self.node(TermKind::Interval(Box::new(a), Box::new(b)), depth, l, r)
    }

    /// Finishes a list of terms, returning them and their largest depth.
    fn finish_all(&mut self, terms: Vec<Tm>) -> (Vec<Term>, u32) {
        let depth = terms.iter().map(|tm| tm.depth).max().unwrap_or(0);
        (terms.into_iter().map(|tm| self.done(tm)).collect(), depth)
    }

    /// `|t1;...;tn|` (a pool inside when n > 1).
    pub fn abs(&mut self, terms: Vec<Tm>, l: usize, r: usize) -> Tm {
        let inner = if terms.len() == 1 {
            terms.into_iter().next()
        } else {
            let (terms, depth) = self.finish_all(terms);
            Some(self.node(TermKind::Pool(terms), depth + 1, l, r))
        };
        match inner {
            Some(tm) => self.unary(UnaryOp::Abs, Tm { paren: true, ..tm }, l, r),
            None => self.leaf(TermKind::Integer(0), l, r),
        }
    }

    /// `name(alt1; alt2; ...)`: a function, or a pool of functions when several
    /// alternatives have other than one argument.
    pub fn function(&mut self, name: String, alternatives: Vec<Tuple>, l: usize, r: usize) -> Tm {
        if alternatives.len() == 1 || alternatives.iter().all(|(args, _, _)| args.len() == 1) {
            let args = self.pool_args(alternatives, l, r);
            let depth = args.iter().map(|tm| tm.depth).max().unwrap_or(0) + 1;
            let (args, _) = self.finish_all(args);
            return self.node(TermKind::Function { name, args }, depth, l, r);
        }
        let mut functions = Vec::new();
        for (args, _, _) in alternatives {
            let depth = args.iter().map(|tm| tm.depth).max().unwrap_or(0) + 1;
            let (args, _) = self.finish_all(args);
            let kind = TermKind::Function {
                name: name.clone(),
                args,
            };
            functions.push(self.node(kind, depth, l, r));
        }
        let (terms, depth) = self.finish_all(functions);
        self.node(TermKind::Pool(terms), depth + 1, l, r)
    }

    /// `@name(alt1; ...)`: built as [`Ctx::function`], each function made a call.
    pub fn call(&mut self, name: String, alternatives: Vec<Tuple>, l: usize, r: usize) -> Tm {
        let mut tm = self.function(name, alternatives, l, r);
        let into_call = |term: &mut Term| {
            if let TermKind::Function { name, args } = &mut term.kind {
                let (name, args) = (std::mem::take(name), std::mem::take(args));
                term.kind = TermKind::Call { name, args };
            }
        };
        match &mut tm.term.kind {
            TermKind::Pool(alternatives) => alternatives.iter_mut().for_each(into_call),
            _ => into_call(&mut tm.term),
        }
        tm
    }

    /// The arguments of `name(a1; a2; ...)` when every alternative has one term (or there
    /// is a single alternative): the terms, or one pool argument.
    fn pool_args(&mut self, alternatives: Vec<Tuple>, l: usize, r: usize) -> Vec<Tm> {
        if alternatives.len() == 1 {
            return alternatives
                .into_iter()
                .flat_map(|(args, _, _)| args)
                .collect();
        }
        let terms: Vec<Tm> = alternatives
            .into_iter()
            .flat_map(|(args, _, _)| args)
            .collect();
        let (terms, depth) = self.finish_all(terms);
        vec![self.node(TermKind::Pool(terms), depth + 1, l, r)]
    }

    /// `( alt1; alt2; ... )`: a parenthesized term, a tuple, or a pool of them.
    pub fn parens(&mut self, alternatives: Vec<Tuple>, l: usize, r: usize) -> Tm {
        let mut items = Vec::new();
        for (terms, comma, (from, to)) in alternatives {
            if terms.len() == 1 && !comma {
                items.extend(terms);
                continue;
            }
            let depth = terms.iter().map(|tm| tm.depth).max().unwrap_or(0) + 1;
            let (args, _) = self.finish_all(terms);
            let kind = TermKind::Function {
                name: String::new(),
                args,
            };
            items.push(self.node(kind, depth, from, to));
        }
        if items.len() == 1 {
            if let Some(tm) = items.pop() {
                return Tm { paren: true, ..tm };
            }
        }
        let (terms, depth) = self.finish_all(items);
        Tm {
            paren: true,
            ..self.node(TermKind::Pool(terms), depth + 1, l, r)
        }
    }

    /// A pool of tuples, one per alternative (even of one term).
    fn tuple_pool(&mut self, alternatives: Vec<Tuple>, l: usize, r: usize) -> Tm {
        let mut tuples = Vec::new();
        for (terms, _, _) in alternatives {
            let depth = terms.iter().map(|tm| tm.depth).max().unwrap_or(0) + 1;
            let (args, _) = self.finish_all(terms);
            let kind = TermKind::Function {
                name: String::new(),
                args,
            };
            tuples.push(self.node(kind, depth, l, r));
        }
        let (terms, depth) = self.finish_all(tuples);
        self.node(TermKind::Pool(terms), depth + 1, l, r)
    }

    /// An atom `name(alt1; ...)` (`-name(...)` when `negative`). Several alternatives of
    /// other than one argument (`p(1,2;3,4)`) become one pool argument of tuples, and the
    /// atom is listed in [`Ctx::tuple_pools`] for [`super::tuples`] to expand.
    pub fn atom(
        &mut self,
        negative: bool,
        name: String,
        alternatives: Vec<Tuple>,
        l: usize,
        r: usize,
    ) -> Atom {
        let span = self.span(l, r);
        let args =
            if alternatives.len() > 1 && alternatives.iter().any(|(args, _, _)| args.len() != 1) {
                self.tuple_pools.insert(span.clone());
                vec![self.tuple_pool(alternatives, l, r)]
            } else {
                self.pool_args(alternatives, l, r)
            };
        let (args, _) = self.finish_all(args);
        Atom {
            negative,
            name,
            args,
            span,
        }
    }
}

impl Ctx {
    /// A dialect-independent statement.
    pub fn plain(&self, kind: crate::ast::StatementKind, l: usize, r: usize) -> RawStatement {
        RawStatement::Plain(crate::ast::Statement {
            kind,
            span: self.span(l, r),
        })
    }

    /// `#true` standing for an empty condition that ends at `at`.
    pub fn always(&self, at: usize) -> crate::ast::Literal {
        crate::ast::Literal {
            sign: crate::ast::Sign::None,
            kind: crate::ast::LiteralKind::Boolean(true),
            span: self.span(at, at),
        }
    }

    /// `#edge (u1,v1; ...) : body.`: every alternative must be a pair (clingo's grammar has
    /// pairs only; anything else is reported at the closing parenthesis, as a syntax error).
    pub fn edge(
        &mut self,
        alternatives: Vec<Tuple>,
        body: crate::syntax::raw::Body,
        l: usize,
        r: usize,
    ) -> Option<RawStatement> {
        let mut pairs = Vec::with_capacity(alternatives.len());
        for (terms, _, _) in alternatives {
            let (mut terms, _) = self.finish_all(terms);
            if terms.len() != 2 {
                let span = terms
                    .last()
                    .map_or_else(|| self.span(l, r), |t| t.span.clone());
                self.error(span, "syntax error, expecting a pair (u,v)");
                return None;
            }
            let to = terms.pop()?;
            let from = terms.pop()?;
            pairs.push((from, to));
        }
        Some(RawStatement::Edge {
            pairs,
            body,
            span: self.span(l, r),
        })
    }

    /// The arity of a signature (a non-negative 32-bit number).
    pub fn arity(&mut self, value: i64, l: usize, r: usize) -> u32 {
        u32::try_from(value).unwrap_or_else(|_| {
            self.error(self.span(l, r), "integer literal out of range");
            0
        })
    }

    /// Reports the syntax error of the `#const` statement starting at `offset`, if clingo's
    /// constant grammar refuses its value (found while lexing, `constterm.rs`).
    pub fn check_constant(&mut self, offset: usize) {
        if let Ok(index) = self
            .const_errors
            .binary_search_by_key(&offset, |(at, _)| *at)
        {
            let error = self.const_errors[index].1.clone();
            self.errors.push(error);
        }
    }

    /// The error of a `#const` value whose refused token (`constterm.rs`) is at `span`: where
    /// our wider term grammar also fails there (`#const a=1;2.`), clingo's words are used.
    fn refused_constant_token(&self, span: &Span) -> Option<Diagnostic> {
        let errors = self.const_errors.iter().map(|(_, error)| error);
        errors
            .into_iter()
            .find(|error| error.span.as_ref() == Some(span))
            .cloned()
    }

    /// `[default]` (true: the command line may override) or `[override]` after `#const`.
    pub fn const_mode(&mut self, mode: &str, l: usize, r: usize) -> bool {
        match mode {
            "default" => true,
            "override" => false,
            _ => {
                let message =
                    "syntax error, unexpected <IDENTIFIER>, expecting default or override";
                self.error(self.span(l, r), message);
                true
            }
        }
    }

    /// Reports a syntax error the parser recovered from at the `.` starting at `dot`.
    pub fn recover(&mut self, recovery: ErrorRecovery<usize, Token, ()>, dot: usize) {
        if let ParseError::UnrecognizedToken {
            token: (l, Token::Dot, r),
            ..
        } = &recovery.error
        {
            if let Some(start) = self.empty_statement_start(*l) {
                return self.error(self.span(start, *r), "syntax error, unexpected .");
            }
        }
        let at = error_start(&recovery.error);
        let silent = self.last_recovery.is_some_and(|end| {
            let first = self.tokens.partition_point(|&(start, _)| start < end);
            let until = self.tokens.partition_point(|&(start, _)| start < at);
            until.saturating_sub(first) < 2
        });
        self.last_recovery = Some(dot + 1);
        if !silent {
            self.syntax_error(recovery.error);
        }
    }

    /// For a `.` that ends an empty statement: where clingo starts the statement (at text a
    /// lexer error skipped, if any).
    fn empty_statement_start(&self, dot: usize) -> Option<usize> {
        let index = self.tokens.partition_point(|&(start, _)| start < dot);
        let previous_end = match index.checked_sub(1).and_then(|i| self.tokens.get(i)) {
            None => 0,
            Some(&(start, end)) if self.is_dot(start, end) => end,
            Some(_) => return None,
        };
        let skipped = self
            .lexer_errors
            .iter()
            .copied()
            .find(|&start| start >= previous_end && start < dot);
        Some(skipped.unwrap_or(dot))
    }

    /// Whether the token before offset `at` is a `,`.
    fn previous_is_comma(&self, at: usize) -> bool {
        let index = self.tokens.partition_point(|&(start, _)| start < at);
        index
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .is_some_and(|&(start, _)| self.commas.binary_search(&start).is_ok())
    }

    /// Whether the token at this range is a `.` (one byte, recorded as such).
    fn is_dot(&self, start: usize, end: usize) -> bool {
        end == start + 1 && self.dots.binary_search(&start).is_ok()
    }

    /// Reports a syntax error in clingo's words.
    pub fn syntax_error(&mut self, error: ParseError<usize, Token, ()>) {
        let error_at = error_start(&error);
        let (span, found, expected) = match error {
            ParseError::UnrecognizedToken {
                token: (l, token, r),
                expected,
            } => (self.span(l, r), token.clingo_name(), expected),
            ParseError::ExtraToken {
                token: (l, token, r),
            } => (self.span(l, r), token.clingo_name(), Vec::new()),
            ParseError::UnrecognizedEof { expected, .. } => {
                (self.eof_span(), "EOF".to_string(), expected)
            }
            ParseError::InvalidToken { location } => (
                self.span(location, location + 1),
                "token".to_string(),
                Vec::new(),
            ),
            ParseError::User { .. } => return,
        };
        if let Some(refused) = self.refused_constant_token(&span) {
            return self.errors.push(refused);
        }
        let names = expected_names(&expected);
        if found == "@" {
            if let Some((span, message)) = self.at_call_error(error_at, &names) {
                return self.error(span, message);
            }
        }
        let mut message = format!("syntax error, unexpected {found}");
        let after_comma = self.previous_is_comma(error_at);
        let names = clingo_expected(names, after_comma, &found);
        if !names.is_empty() && names.len() <= 4 {
            message.push_str(", expecting ");
            message.push_str(&names.join(" or "));
        }
        self.error(span, message);
    }
}

impl Ctx {
    /// An `@` where a term may start is, for clingo, the start of an external function call
    /// `@f(...)`: unless an identifier follows, the error is at the token after it.
    fn at_call_error(&self, at: usize, expected: &[String]) -> Option<(Span, String)> {
        let term_may_start = expected.iter().any(|n| n == "<VARIABLE>");
        let (_, (l, r, next)) = self.after_at.iter().find(|(start, _)| *start == at)?;
        if !term_may_start || next == "<IDENTIFIER>" {
            return None;
        }
        let message = format!(
            "syntax error, unexpected {next}, expecting <IDENTIFIER> or default or override"
        );
        Some((self.span(*l, *r), message))
    }
}

/// Where a parse error is.
fn error_start(error: &ParseError<usize, Token, ()>) -> usize {
    match error {
        ParseError::UnrecognizedToken { token: (l, ..), .. }
        | ParseError::ExtraToken { token: (l, ..) } => *l,
        ParseError::UnrecognizedEof { location, .. } => *location,
        ParseError::InvalidToken { location } => *location,
        ParseError::User { .. } => 0,
    }
}

/// Tokens clingo does not have (gringo 3's, and `==` which clingo reads as `=`).
const NOT_CLINGO: &[&str] = &["#hide", "#domain", "#abs", "#mod", "#pow", "=="];

/// clingo's order of terminals (its token declarations), for the `expecting` list.
const CLINGO_ORDER: &[&str] = &[
    "+",
    "&",
    "=",
    "@",
    "~",
    ":",
    "\",\"",
    "#const",
    "#count",
    ".",
    "..",
    "EOF",
    "#external",
    "#defined",
    "#false",
    ">=",
    ">",
    ":-",
    "#include",
    "#inf",
    "{",
    "[",
    "<=",
    "(",
    "<",
    "#max",
    "#maximize",
    "#min",
    "#minimize",
    "\\",
    "*",
    "!=",
    "**",
    "?",
    "}",
    "]",
    ")",
    ";",
    "#show",
    "#project",
    "/",
    "-",
    "#sum",
    "#sum+",
    "#sup",
    "#true",
    "#program",
    "|",
    ":~",
    "^",
    "<NUMBER>",
    "<ANONYMOUS>",
    "<IDENTIFIER>",
    "<STRING>",
    "<VARIABLE>",
    "not",
];

/// Tokens that only continue a term (binary operators): their presence says the parser stands
/// right after a term.
const AFTER_TERM: &[&str] = &["*", "/", "**", "\\", ".."];

/// Tokens clingo shifts in the state after a term; its default reduction ends the term for any
/// other token, so they never show in its `expecting` list then.
const TERM_CONTINUATIONS: &[&str] = &[
    "+", "-", "*", "/", "\\", "**", "..", "&", "?", "^", "(", "=", "!=", "<", "<=", ">", ">=",
    "==", "#count", "#sum", "#sum+", "#min", "#max", "{", "[",
];

/// Comparison operators: after a term that may also be an atom (a literal's start).
const COMPARISONS: &[&str] = &["=", "!=", "<", "<=", ">", ">=", "=="];

/// Tokens that end an identifier's term or atom: with one of them expected, clingo's state
/// after an identifier has already been left by its default reduction, so `(` is not listed.
const IDENTIFIER_FOLLOW: &[&str] = &[":", ".", ";", ")", "\",\""];

/// Tokens after which clingo's LALR tables reduce a term-or-atom to an atom (its lookaheads);
/// on any other token it reduces to a term and fails in the state after a term, which expects
/// too many tokens to list.
const ATOM_FOLLOW: &[&str] = &[":", "\",\"", ".", ";", "}", ":-", "|"];

/// The `expecting` list as clingo would print it, in clingo's token order. clingo's parser is
/// bison's LALR with default reductions: an unexpected token first triggers the state's default
/// reduction, and the error shows in a later state (listed only when it expects at most four
/// tokens). LALRPOP reports the state right after the last token instead, so this emulates the
/// reductions: after a term in a term vector (`;` expected) the term ends; after a term that may
/// be an atom, the tokens that may follow an atom end it, others leave clingo in the state after
/// a term, which lists nothing; after a statement's own term (`#show p/1 q`) nothing is listed.
/// After an open argument list only `)` or `;` are listed.
fn clingo_expected(names: Vec<String>, after_comma: bool, found: &str) -> Vec<String> {
    let has = |names: &[String], token: &str| names.iter().any(|n| n == token);
    let Some(mut names) = after_default_reductions(names, found) else {
        return Vec::new();
    };
    if has(&names, "}") && has(&names, ";") {
        names.retain(|n| n == "}" || n == ";");
    }
    if has(&names, "<IDENTIFIER>") {
        names.extend(["default".to_string(), "override".to_string()]);
    }
    if has(&names, ")") && has(&names, ";") && has(&names, "\",\"") {
        if after_comma {
            return Vec::new();
        }
        names.retain(|n| n == ")" || n == ";");
    }
    names.retain(|n| !NOT_CLINGO.contains(&n.as_str()));
    names.sort_by_key(|n| {
        CLINGO_ORDER
            .iter()
            .position(|o| o == n)
            .unwrap_or(usize::MAX)
    });
    names
}

/// The tokens clingo expects once its default reductions have run (see [`clingo_expected`]);
/// `None` when it fails in the state after a term, whose list is too long to print.
fn after_default_reductions(mut names: Vec<String>, found: &str) -> Option<Vec<String>> {
    let has = |names: &[String], token: &str| names.iter().any(|n| n == token);
    if AFTER_TERM.iter().any(|t| has(&names, t)) {
        let atom_context = COMPARISONS.iter().any(|t| has(&names, t));
        let reduced = if atom_context {
            ATOM_FOLLOW.contains(&found)
        } else {
            has(&names, ";")
        };
        if !reduced {
            return None;
        }
        names.retain(|n| !TERM_CONTINUATIONS.contains(&n.as_str()));
    }
    if IDENTIFIER_FOLLOW.iter().any(|t| has(&names, t)) {
        names.retain(|n| n != "(");
    }
    Some(names)
}

/// clingo's names for the terminals LALRPOP says it expected (as written in the grammar).
fn expected_names(expected: &[String]) -> Vec<String> {
    let mut names: Vec<String> = expected
        .iter()
        .map(|name| match name.as_str() {
            "Ident" => "<IDENTIFIER>".to_string(),
            "Var" => "<VARIABLE>".to_string(),
            "Num" => "<NUMBER>".to_string(),
            "Str" => "<STRING>".to_string(),
            "\"_\"" => "<ANONYMOUS>".to_string(),
            "\",\"" => "\",\"".to_string(),
            "\"\\\\\"" => "\\".to_string(),
            "\"#showsig\"" => "#show".to_string(),
            quoted => quoted.trim_matches('"').to_string(),
        })
        .collect();
    names.dedup();
    names
}

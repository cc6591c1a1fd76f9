//! Simple facts taken out of a source before parsing, kept in a compact table.
//!
//! A large instance is mostly ground facts (`edge(1,2).`); parsing each into tokens, a raw
//! statement, an AST statement and a rule costs a few hundred bytes per fact. [`split`] scans
//! a text once with the lexer and takes out every *simple fact*: a statement that starts right
//! after a `.` (or at the start of the text) and reads `name.` or `name(t1,...,tn).` where each
//! `ti` is a non-negative integer within 32 bits, a string, a constant or a function of such
//! terms (at most [`MAX_DEPTH`] deep). Each one is encoded into [`Facts`] (a few 32-bit words)
//! and its bytes are blanked in a copy of the text (newlines kept, so every other statement
//! keeps its line, column and byte offsets); the parser then reads the copy.
//!
//! The same scan takes out *simple ground rules*: `h :- b1, ..., bn.` and `:- b1, ..., bn.`
//! where `h` and each `bi` is a simple fact's atom (`name` or `name(t1,...,tn)`, as above) and
//! each `bi` may have one `not` in front. They are kept as [`GroundRule`]s (an entry of
//! `Facts::facts` whose `rule` is set), with the spans the parser would give them, and the
//! rewriter turns each straight into its `Rule` (see `normalize::rewrite`): a variable-free
//! rule skips the lexer's second pass, the grammar, the AST, lowering and the converter.
//!
//! # Invariants
//! - A fact is encoded exactly as written; constants are not substituted here (the caller
//!   falls back to ordinary parsing when a fact names a `#const`, see `ground`).
//! - `Facts::facts` are in program order; `Fact::at` is the number of statements of the whole
//!   program (includes resolved) before the fact, non-decreasing.
//! - Any lexer or parser error in a source makes its caller parse the original text instead,
//!   so messages never depend on this module.

use std::sync::Arc;

use fxhash::FxHashMap;
use logos::Logos;

use super::lexer::Token;
use crate::ast::{Position, Span};

/// The deepest nesting of function terms taken out of the text.
pub const MAX_DEPTH: usize = 32;

/// Tag of an integer term (the next word is its value).
const NUM: u32 = 0;
/// Tag of a string term (payload: index into `Facts::strings`).
const STR: u32 = 1;
/// Tag of a function term (payload: index into `Facts::names`; the next word is its arity,
/// then its arguments follow).
const FUN: u32 = 2;
/// Bits of a word below the payload.
const TAG_BITS: u32 = 2;

/// One fact or simple ground rule: where its code starts and where it stands among the
/// program's statements.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Index of its first word in `Facts::code`; for a rule, its index in `Facts::rules`.
    pub code: u32,
    /// Whether it is a simple ground rule.
    pub rule: bool,
    /// The number of statements of the program before it.
    pub at: u32,
    /// Where it starts in its source.
    pub start: Position,
}

/// A term of an encoded fact, borrowed from its [`Facts`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FactTerm<'a> {
    /// A non-negative integer.
    Number(i32),
    /// A string (escapes resolved).
    String(&'a str),
    /// A function term or constant: its name and its arguments' first words.
    Function(&'a str, usize, u32),
}

/// A simple ground rule taken out of a source (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroundRule {
    /// The statement's span (up to and with its `.`).
    pub span: Span,
    /// Whether its first atom is the head (otherwise it is an integrity constraint).
    pub head: bool,
    /// Its atoms, head first, as a range of `Facts::rule_atoms`.
    pub atoms: (u32, u32),
}

/// An atom of a simple ground rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleAtom {
    /// Index of its first word in `Facts::code`.
    pub code: u32,
    /// Whether `not` is written in front of it.
    pub negated: bool,
    /// Where it starts.
    pub start: Position,
    /// One past its end.
    pub end: Position,
}

/// Simple facts and ground rules in a compact encoding (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// Names of functions and constants by index.
    names: Vec<Arc<str>>,
    /// Index of each name.
    name_ids: FxHashMap<Arc<str>, u32>,
    /// Strings by index.
    strings: Vec<Arc<str>>,
    /// Index of each string.
    string_ids: FxHashMap<Arc<str>, u32>,
    /// The terms of all facts, one after another (see the tags).
    code: Vec<u32>,
    /// The facts and rules in program order.
    pub facts: Vec<Fact>,
    /// The simple ground rules.
    pub rules: Vec<GroundRule>,
    /// The atoms of the rules, one rule after another.
    pub rule_atoms: Vec<RuleAtom>,
}

impl Facts {
    /// Whether no fact was taken out.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Whether no name, string, code, rule or rule atom was added yet (`facts` aside).
    fn is_fresh(&self) -> bool {
        self.names.is_empty()
            && self.strings.is_empty()
            && self.code.is_empty()
            && self.rules.is_empty()
            && self.rule_atoms.is_empty()
    }

    /// Every name used by a fact (function names and constants).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|n| &**n)
    }

    /// The atoms of a rule, head first.
    pub fn atoms_of(&self, rule: &GroundRule) -> &[RuleAtom] {
        let (first, end) = (rule.atoms.0 as usize, rule.atoms.1 as usize);
        self.rule_atoms.get(first..end).unwrap_or(&[])
    }

    /// The term whose code starts at word `at`, and the word after it.
    pub fn term(&self, at: u32) -> Option<(FactTerm<'_>, u32)> {
        let word = *self.code.get(at as usize)?;
        let payload = (word >> TAG_BITS) as usize;
        match word & ((1 << TAG_BITS) - 1) {
            NUM => {
                let value = *self.code.get(at as usize + 1)?;
                Some((FactTerm::Number(value as i32), at + 2))
            }
            STR => Some((FactTerm::String(self.strings.get(payload)?), at + 1)),
            _ => {
                let arity = *self.code.get(at as usize + 1)? as usize;
                let name = self.names.get(payload)?;
                Some((FactTerm::Function(name, arity, at + 2), at + 2))
            }
        }
    }

    /// The name of the function term starting at `at`: its index in this table's names and
    /// its text (`None` for a number or string).
    pub fn name_at(&self, at: u32) -> Option<(usize, &Arc<str>)> {
        let word = *self.code.get(at as usize)?;
        let payload = (word >> TAG_BITS) as usize;
        match word & ((1 << TAG_BITS) - 1) {
            NUM | STR => None,
            _ => Some((payload, self.names.get(payload)?)),
        }
    }

    /// The word after the term starting at `at` (its arguments included).
    pub fn skip(&self, at: u32) -> Option<u32> {
        let (term, mut next) = self.term(at)?;
        if let FactTerm::Function(_, arity, _) = term {
            for _ in 0..arity {
                next = self.skip(next)?;
            }
        }
        Some(next)
    }

    /// Takes over the names, strings and code of `other` (the facts of a later source) and
    /// returns its facts, pointing into this table's code but not yet added to `facts` (the
    /// loader adds them as it places them among the statements).
    pub fn absorb(&mut self, other: Facts) -> Vec<Fact> {
        if self.is_fresh() {
            // Nothing to renumber: every index of `other` stays what it is.
            self.names = other.names;
            self.name_ids = other.name_ids;
            self.strings = other.strings;
            self.string_ids = other.string_ids;
            self.code = other.code;
            self.rules = other.rules;
            self.rule_atoms = other.rule_atoms;
            return other.facts;
        }
        let mut names = Vec::with_capacity(other.names.len());
        for name in &other.names {
            names.push(intern(&mut self.names, &mut self.name_ids, name));
        }
        let mut strings = Vec::with_capacity(other.strings.len());
        for s in &other.strings {
            strings.push(intern(&mut self.strings, &mut self.string_ids, s));
        }
        let base = self.code.len() as u32;
        let mut at = 0u32;
        while let Some(&word) = other.code.get(at as usize) {
            let payload = (word >> TAG_BITS) as usize;
            let tag = word & ((1 << TAG_BITS) - 1);
            let mapped = match tag {
                STR => strings.get(payload).copied(),
                FUN => names.get(payload).copied(),
                _ => None,
            };
            match mapped {
                Some(id) => self.code.push(id << TAG_BITS | tag),
                None => self.code.push(word),
            }
            let extra = other.code.get(at as usize + 1).copied();
            if tag != STR {
                self.code.extend(extra);
                at += 1;
            }
            at += 1;
        }
        let (rules_base, atoms_base) = (self.rules.len() as u32, self.rule_atoms.len() as u32);
        self.rule_atoms
            .extend(other.rule_atoms.into_iter().map(|a| RuleAtom {
                code: a.code + base,
                ..a
            }));
        self.rules
            .extend(other.rules.into_iter().map(|r| GroundRule {
                atoms: (r.atoms.0 + atoms_base, r.atoms.1 + atoms_base),
                ..r
            }));
        let mut facts = other.facts;
        for fact in &mut facts {
            fact.code += if fact.rule { rules_base } else { base };
        }
        facts
    }
}

/// The index of `s` in a table, adding it if new.
fn intern(table: &mut Vec<Arc<str>>, ids: &mut FxHashMap<Arc<str>, u32>, s: &str) -> u32 {
    if let Some(&id) = ids.get(s) {
        return id;
    }
    let id = table.len() as u32;
    let shared: Arc<str> = s.into();
    table.push(Arc::clone(&shared));
    ids.insert(shared, id);
    id
}

/// What [`split`] found in one source: the facts have their positions, `at` is 0.
pub struct Split {
    /// The text with every fact blanked.
    pub text: String,
    /// The facts.
    pub facts: Facts,
}

/// Scans `text` (of the source `file`); `None` when it has no simple fact nor rule (or a
/// lexer error: then the ordinary parser reports it on the original text).
pub fn split(text: &str, file: &Arc<str>) -> Option<Split> {
    let mut lexer = Token::lexer(text);
    let mut statement: Vec<(usize, Token, usize)> = Vec::new();
    let mut blanked: Option<Vec<u8>> = None;
    let mut facts = Facts::default();
    let mut at = Located {
        text,
        file,
        lines: LineCounter::default(),
        shape: Vec::new(),
    };
    while let Some(item) = lexer.next() {
        let range = lexer.span();
        let token = item.ok()?;
        let is_dot = token == Token::Dot;
        statement.push((range.start, token, range.end));
        if !is_dot {
            continue;
        }
        if let Some(&(start, _, _)) = statement.first() {
            if facts.encode(&statement, &mut at) {
                let bytes = blanked.get_or_insert_with(|| text.as_bytes().to_vec());
                blank(bytes, start, range.end);
            }
        }
        statement.clear();
    }
    let bytes = blanked?;
    let text = String::from_utf8(bytes).ok()?;
    Some(Split { text, facts })
}

/// Whether `token` may occur in a simple fact (checked on the whole statement before any of
/// its names is interned, so that rules add no names to the table).
fn is_fact_token(token: &Token) -> bool {
    matches!(
        token,
        Token::Identifier(_)
            | Token::Number(_)
            | Token::String(_)
            | Token::LParen
            | Token::RParen
            | Token::Comma
            | Token::Dot
    )
}

/// Replaces the bytes in `[start, end)` by spaces, newlines excepted.
fn blank(bytes: &mut [u8], start: usize, end: usize) {
    if let Some(range) = bytes.get_mut(start..end) {
        for b in range.iter_mut().filter(|b| **b != b'\n') {
            *b = b' ';
        }
    }
}

/// Line and column of increasing byte offsets, counted incrementally.
#[derive(Default)]
struct LineCounter {
    /// The offset counted up to.
    offset: usize,
    /// The line of `offset` (0-based).
    line: u32,
    /// Where that line starts.
    line_start: usize,
}

impl LineCounter {
    /// The position of `offset` (not less than the previous one asked).
    fn position(&mut self, text: &str, offset: usize) -> Position {
        let bytes = text.as_bytes().get(self.offset..offset).unwrap_or(&[]);
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'\n' {
                self.line += 1;
                self.line_start = self.offset + i + 1;
            }
        }
        self.offset = offset.max(self.offset);
        Position {
            line: self.line + 1,
            column: (offset.saturating_sub(self.line_start) + 1) as u32,
        }
    }
}

/// The text being split, its file name (for the spans of rules) and its line counter.
struct Located<'a> {
    text: &'a str,
    file: &'a Arc<str>,
    lines: LineCounter,
    /// The atoms of the rule being scanned (see [`rule_shape`]), kept to reuse its memory.
    shape: Vec<AtomTokens>,
}

/// Tokens with their byte ranges.
type Tokens<'a> = &'a [(usize, Token, usize)];

/// Whether `token` may occur in a simple ground rule.
fn is_rule_token(token: &Token) -> bool {
    is_fact_token(token) || matches!(token, Token::If | Token::Not)
}

/// The index after the atom starting at `i` (`name` or `name(...)` with balanced parentheses;
/// the terms inside are checked when encoded).
fn atom_end(tokens: Tokens, i: usize) -> Option<usize> {
    if !matches!(tokens.get(i), Some((_, Token::Identifier(_), _))) {
        return None;
    }
    if !matches!(tokens.get(i + 1), Some((_, Token::LParen, _))) {
        return Some(i + 1);
    }
    let mut depth = 0usize;
    for (k, (_, token, _)) in tokens.iter().enumerate().skip(i + 1) {
        match token {
            Token::LParen => depth += 1,
            Token::RParen if depth == 1 => return Some(k + 1),
            Token::RParen => depth -= 1,
            _ => {}
        }
    }
    None
}

/// An atom of a rule being scanned: its first token, the token after it, and whether `not`
/// precedes it.
type AtomTokens = (usize, usize, bool);

/// The atoms of a simple ground rule `[h] :- [not] b1, ..., [not] bn .` into `atoms` (cleared
/// first), and whether the first is the head; `None` when `tokens` (up to and with the `.`)
/// do not have that form.
fn rule_shape(tokens: Tokens, atoms: &mut Vec<AtomTokens>) -> Option<bool> {
    atoms.clear();
    if !tokens.iter().all(|(_, t, _)| is_rule_token(t)) {
        return None;
    }
    let mut i = 0;
    let head = !matches!(tokens.first(), Some((_, Token::If, _)));
    if head {
        let end = atom_end(tokens, 0)?;
        atoms.push((0, end, false));
        i = end;
    }
    if !matches!(tokens.get(i), Some((_, Token::If, _))) {
        return None;
    }
    loop {
        i += 1;
        let negated = matches!(tokens.get(i), Some((_, Token::Not, _)));
        i += usize::from(negated);
        let end = atom_end(tokens, i)?;
        atoms.push((i, end, negated));
        i = end;
        match tokens.get(i) {
            Some((_, Token::Comma, _)) => continue,
            Some((_, Token::Dot, _)) if i + 1 == tokens.len() => return Some(head),
            _ => return None,
        }
    }
}

impl Facts {
    /// Encodes `statement` (its tokens up to its `.`) when it is a simple fact or rule.
    fn encode(&mut self, statement: Tokens, at: &mut Located) -> bool {
        let Some(&(start, _, _)) = statement.first() else {
            return false;
        };
        if statement.iter().any(|(_, t, _)| *t == Token::If) {
            return self.encode_rule(statement, at);
        }
        let start = at.lines.position(at.text, start);
        let mark = self.code.len();
        let mut tokens = statement.iter().map(|(_, t, _)| t).peekable();
        let ok = matches!(tokens.peek(), Some(Token::Identifier(_)))
            && statement.iter().all(|(_, t, _)| is_fact_token(t))
            && self.encode_term(&mut tokens, 0)
            && tokens.next() == Some(&Token::Dot)
            && tokens.next().is_none();
        if ok {
            self.facts.push(Fact {
                code: mark as u32,
                rule: false,
                at: 0,
                start,
            });
        } else {
            self.code.truncate(mark);
        }
        ok
    }

    /// Encodes `statement` when it is a simple ground rule (see [`rule_shape`]).
    fn encode_rule(&mut self, statement: Tokens, at: &mut Located) -> bool {
        let Some(head) = rule_shape(statement, &mut at.shape) else {
            return false;
        };
        let (Some(&(start, _, _)), Some(&(_, _, end))) = (statement.first(), statement.last())
        else {
            return false;
        };
        let (mark, atoms_mark) = (self.code.len(), self.rule_atoms.len());
        let start = at.lines.position(at.text, start);
        for &(first, past, negated) in &at.shape {
            let (Some(&(l, _, _)), Some(&(_, _, r))) =
                (statement.get(first), statement.get(past.wrapping_sub(1)))
            else {
                return self.undo(mark, atoms_mark);
            };
            let code = self.code.len() as u32;
            let mut tokens = statement
                .get(first..past)
                .unwrap_or(&[])
                .iter()
                .map(|(_, t, _)| t)
                .peekable();
            if !self.encode_term(&mut tokens, 0) || tokens.next().is_some() {
                return self.undo(mark, atoms_mark);
            }
            let (start, end) = (at.lines.position(at.text, l), at.lines.position(at.text, r));
            self.rule_atoms.push(RuleAtom {
                code,
                negated,
                start,
                end,
            });
        }
        let span = Span {
            file: at.file.clone(),
            start,
            end: at.lines.position(at.text, end),
        };
        self.facts.push(Fact {
            code: self.rules.len() as u32,
            rule: true,
            at: 0,
            start,
        });
        self.rules.push(GroundRule {
            span,
            head,
            atoms: (atoms_mark as u32, self.rule_atoms.len() as u32),
        });
        true
    }

    /// Drops what a failed [`Facts::encode_rule`] encoded; false.
    fn undo(&mut self, code: usize, atoms: usize) -> bool {
        self.code.truncate(code);
        self.rule_atoms.truncate(atoms);
        false
    }

    /// Encodes one term from `tokens`; false when they do not start a simple term.
    fn encode_term<'t>(
        &mut self,
        tokens: &mut std::iter::Peekable<impl Iterator<Item = &'t Token>>,
        depth: usize,
    ) -> bool {
        match tokens.next() {
            Some(Token::Number(n)) => match i32::try_from(*n) {
                Ok(n) => {
                    self.code.extend([NUM, n as u32]);
                    true
                }
                Err(_) => false,
            },
            Some(Token::String(s)) => {
                let id = intern(&mut self.strings, &mut self.string_ids, s);
                self.code.push(id << TAG_BITS | STR);
                id < 1 << (32 - TAG_BITS)
            }
            Some(Token::Identifier(name)) => self.encode_function(name, tokens, depth),
            _ => false,
        }
    }

    /// Encodes `name` or `name(args)` (the name already read).
    fn encode_function<'t>(
        &mut self,
        name: &str,
        tokens: &mut std::iter::Peekable<impl Iterator<Item = &'t Token>>,
        depth: usize,
    ) -> bool {
        let id = intern(&mut self.names, &mut self.name_ids, name);
        if id >= 1 << (32 - TAG_BITS) || depth >= MAX_DEPTH {
            return false;
        }
        self.code.push(id << TAG_BITS | FUN);
        let arity_at = self.code.len();
        self.code.push(0);
        if tokens.peek() != Some(&&Token::LParen) {
            return true;
        }
        tokens.next();
        let mut arity = 0u32;
        loop {
            if !self.encode_term(tokens, depth + 1) {
                return false;
            }
            arity += 1;
            match tokens.next() {
                Some(Token::Comma) => continue,
                Some(Token::RParen) => break,
                _ => return false,
            }
        }
        if let Some(slot) = self.code.get_mut(arity_at) {
            *slot = arity;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(facts: &Facts, at: u32) -> String {
        match facts.term(at) {
            Some((FactTerm::Number(n), _)) => n.to_string(),
            Some((FactTerm::String(s), _)) => format!("{s:?}"),
            Some((FactTerm::Function(name, arity, mut next), _)) => {
                let mut args = Vec::new();
                for _ in 0..arity {
                    args.push(text_of(facts, next));
                    next = facts.skip(next).unwrap();
                }
                if args.is_empty() {
                    name.to_string()
                } else {
                    format!("{name}({})", args.join(","))
                }
            }
            None => "?".into(),
        }
    }

    #[test]
    fn takes_out_simple_facts_only() {
        let text =
            "p(1,a). q :- p(X).\nr(f(\"x\",2)). s. t(-1). u(1..2). v(X). w(()). z(2147483648).";
        let split = split(text, &Arc::from("t.lp")).unwrap();
        let found: Vec<String> = split
            .facts
            .facts
            .iter()
            .map(|f| text_of(&split.facts, f.code))
            .collect();
        assert_eq!(found, ["p(1,a)", "r(f(\"x\",2))", "s"]);
        let starts: Vec<Position> = split.facts.facts.iter().map(|f| f.start).collect();
        assert_eq!(
            starts,
            [
                Position { line: 1, column: 1 },
                Position { line: 2, column: 1 },
                Position {
                    line: 2,
                    column: 14
                }
            ]
        );
        assert_eq!(
            split.text,
            "        q :- p(X).\n                t(-1). u(1..2). v(X). w(()). z(2147483648)."
        );
    }

    #[test]
    fn takes_out_simple_ground_rules() {
        let text = "a :- b, not c(1,\"x\").\n:- not a,\n d. e :- f(X). g :- not not h. i :- j; k.";
        let split = split(text, &Arc::from("t.lp")).unwrap();
        let rules: Vec<(bool, Vec<(String, bool)>)> = split
            .facts
            .rules
            .iter()
            .map(|r| {
                let atoms = split.facts.atoms_of(r).iter();
                let atoms = atoms.map(|a| (text_of(&split.facts, a.code), a.negated));
                (r.head, atoms.collect())
            })
            .collect();
        let atom = |s: &str, n: bool| (s.to_string(), n);
        assert_eq!(
            rules,
            [
                (
                    true,
                    vec![atom("a", false), atom("b", false), atom("c(1,\"x\")", true)]
                ),
                (false, vec![atom("a", true), atom("d", false)]),
            ]
        );
        let second = split.facts.rules.get(1).unwrap();
        assert_eq!(second.span.start, Position { line: 2, column: 1 });
        assert_eq!(second.span.end, Position { line: 3, column: 4 });
        assert!(split.text.starts_with(&format!("{}\n", " ".repeat(21))));
    }

    #[test]
    fn only_statement_starts_count() {
        let file = Arc::from("t.lp");
        assert!(split(":~ a. [1@1] p(1). q :- r p(2).", &file).is_none());
        assert!(split("p(1) $ . q(1).", &file).is_none());
    }
}

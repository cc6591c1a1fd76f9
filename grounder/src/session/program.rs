//! The program as added to a session: its parts, the statements not yet rewritten, the
//! constants and the directives of the whole program.
//!
//! `add` splits a loaded program into parts: statements before any `#program` belong to
//! `base`; `#program name(p1,...,pn).` starts (or continues) the part `name/n`, identified by
//! name *and* arity, whose statements accumulate over every declaration and every `add`.
//! `#const` definitions and the directives `#show p/n`, `#show.`, `#defined p/n` and `#hide
//! p/n` hold for the whole program whichever part they stand in; they take effect when added.
//! A constant redefinition fails the `add` (clingo's "parsing failed") and adds nothing.
//!
//! The statements added are rewritten at the next grounding, every part at once, as clingo
//! does: with the constants known then (a constant defined by a later `add` does not reach
//! them), the `i`-th parameter of a part as the variable `#Inc{i}`. The `global variable in
//! tuple of aggregate element` infos of every statement so far are given again at each such
//! rewriting (clingo checks the whole program again). Rewriting errors (unsafe
//! variables) fail that grounding and every later one, whichever parts they name, and keep the
//! statements pending, as in clingo. Rewriting consumes the statements (they would otherwise
//! live beside their rules and the safety check's output, the peak of a large program's
//! memory), so a failed rewriting parses the pending adds again from their kept sources.
//!
//! # Invariants
//! - `parts[0]` is `base/0`; parts are in order of first declaration.
//! - A part's `facts[i].before` counts the part's `rules`; its first `ground` rules have been
//!   ground at least once (their undefined body atoms reported).
//! - `heads` holds the predicates clingo counts as defined when it reports `atom does not occur
//!   in any rule head`: of the head atoms of every part ground so far (the current grounding
//!   included), of every fact (`p(1).`, `p(t).`; not `p(1..2).` nor `p :- #true.`) of any part
//!   rewritten, and of every `#defined` signature.

use std::sync::Arc;

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{self, Span, StatementKind};
use crate::diagnostic::{Diagnostic, Severity};
use crate::normalize::rewrite::{self, Directives, PartStatements, PlainFact};
use crate::normalize::rules::{Pred, Rule};
use crate::session::options::{fail, fail_checked, GroundError};
use crate::syntax::facts::{Fact, Facts};
use crate::syntax::Loaded;
use crate::term::intern::{Interner, Val};
use crate::{Dialect, Source};

/// One program part: the statements of every `#program name(...)` of one name and arity.
#[derive(Debug)]
pub(crate) struct Part {
    /// The name.
    pub name: String,
    /// The number of parameters.
    pub arity: usize,
    /// How messages name it (`#inc_step(#Inc0)`).
    marker: Arc<str>,
    /// The rewritten rules, in statement order.
    pub rules: Vec<Rule>,
    /// The simple facts taken out of its statements (`before` counts `rules`).
    pub facts: Vec<PlainFact>,
    /// `#project p/n` signatures.
    pub project: Vec<Pred>,
    /// How many of `rules` have been ground.
    pub ground: usize,
}

/// Statements of one part not yet rewritten, with the facts taken out among them.
#[derive(Debug)]
struct Chunk {
    /// Index in `Added::parts`.
    part: usize,
    /// The parameter names of the declaration they follow.
    params: Vec<(String, Span)>,
    /// The statements.
    statements: Vec<ast::Statement>,
    /// The facts, `at` counting `statements`.
    placed: Vec<Fact>,
}

/// The sources of an `add`, kept to parse them again: the sources, their dialect, and the
/// `#program` declaration they were added under (none: `base`).
pub(crate) type Sources = (Vec<Source>, Dialect, Option<ast::Statement>);

impl Chunk {
    /// An empty chunk of part `part` (declared with `params`).
    fn new(part: usize, params: Vec<(String, Span)>) -> Chunk {
        Chunk {
            part,
            params,
            statements: Vec::new(),
            placed: Vec::new(),
        }
    }

    /// Adds a fact after the statements so far.
    fn place(&mut self, fact: &Fact) {
        let at = self.statements.len() as u32;
        self.placed.push(Fact { at, ..*fact });
    }
}

/// One `add` whose statements are not yet rewritten.
#[derive(Debug)]
struct Pending {
    /// The table the chunks' facts are encoded in.
    facts: Facts,
    /// The statements by part.
    chunks: Vec<Chunk>,
    /// The sources (none in a one-shot grounding), kept to parse them again: without taking
    /// facts out should a later constant name a fact's term, and after a failed rewriting.
    sources: Option<Sources>,
}

/// The program added so far.
#[derive(Debug)]
pub(crate) struct Added {
    /// The parts.
    pub parts: Vec<Part>,
    /// What is not yet rewritten.
    pending: Vec<Pending>,
    /// Every `#const` statement, in order.
    consts: Vec<ast::Statement>,
    /// The directives of the whole program.
    pub directives: Directives,
    /// Predicates with a head (see the invariants).
    pub heads: FxHashSet<Pred>,
    /// Spans whose `operation undefined` info was given while rewriting.
    pub reported: Vec<Span>,
    /// The `global variable in tuple of aggregate element` infos of the statements rewritten:
    /// clingo gives them again whenever it rewrites statements added later.
    tuple_infos: Vec<Diagnostic>,
}

impl Default for Added {
    fn default() -> Added {
        let mut added = Added {
            parts: Vec::new(),
            pending: Vec::new(),
            consts: Vec::new(),
            directives: Directives::default(),
            heads: FxHashSet::default(),
            reported: Vec::new(),
            tuple_infos: Vec::new(),
        };
        added.part("base", 0);
        added
    }
}

/// The message of the info clingo repeats at every rewriting (see `Added::tuple_infos`).
const GLOBAL_IN_TUPLE: &str = "global variable in tuple of aggregate element:";

/// How messages name a part: `#inc_base`, `#inc_step(#Inc0,#Inc1)`.
fn marker(name: &str, arity: usize) -> Arc<str> {
    if arity == 0 {
        return Arc::from(format!("#inc_{name}"));
    }
    let params: Vec<String> = (0..arity).map(rewrite::param_var_name).collect();
    Arc::from(format!("#inc_{name}({})", params.join(",")))
}

impl Added {
    /// The index of part `name/arity`, made if new.
    fn part(&mut self, name: &str, arity: usize) -> usize {
        if let Some(i) = self.find(name, arity) {
            return i;
        }
        self.parts.push(Part {
            name: name.to_string(),
            arity,
            marker: marker(name, arity),
            rules: Vec::new(),
            facts: Vec::new(),
            project: Vec::new(),
            ground: 0,
        });
        self.parts.len() - 1
    }

    /// The index of part `name/arity`, if it exists.
    pub(crate) fn find(&self, name: &str, arity: usize) -> Option<usize> {
        self.parts
            .iter()
            .position(|p| p.name == name && p.arity == arity)
    }

    /// Whether a fact of `facts` names a constant (of `overrides`, of the program so far or of
    /// `program`) or a parameter of a part `program` declares: then `program` must be parsed
    /// with its facts left in (substitution works on statements).
    pub(crate) fn facts_need_statements(
        &self,
        program: &ast::Program,
        overrides: &[(String, ast::Term)],
        facts: &Facts,
    ) -> bool {
        if facts.is_empty() {
            return false;
        }
        let mut names: FxHashSet<&str> = overrides.iter().map(|(n, _)| n.as_str()).collect();
        for statement in self.consts.iter().chain(&program.statements) {
            match &statement.kind {
                StatementKind::Const { name, .. } => names.insert(name),
                StatementKind::Program { params, .. } => {
                    names.extend(params.iter().map(|(p, _)| p.as_str()));
                    true
                }
                _ => false,
            };
        }
        !names.is_empty() && facts.names().any(|n| names.contains(n))
    }

    /// Adds a loaded program (`facts` taken out of it; `sources` to parse it again, see
    /// `Pending::sources`). A constant redefinition or cycle fails and adds nothing.
    pub(crate) fn add(
        &mut self,
        table: &mut Interner,
        loaded: Loaded,
        facts: Facts,
        overrides: &[(String, ast::Term)],
        sources: Option<Sources>,
    ) -> Result<(), Vec<Diagnostic>> {
        let new_consts = loaded
            .program
            .statements
            .iter()
            .filter(|s| matches!(s.kind, StatementKind::Const { .. }));
        let consts: Vec<ast::Statement> = self.consts.iter().chain(new_consts).cloned().collect();
        let mut diags = Vec::new();
        let program = ast::Program { statements: consts };
        crate::normalize::constants::resolve(&program, overrides, &mut diags);
        diags.retain(|d| d.severity == Severity::Error);
        if !diags.is_empty() {
            return Err(diags);
        }
        self.consts = program.statements;
        let chunks = self.chunks(table, loaded.program, &facts.facts, true);
        self.pending.push(Pending {
            facts,
            chunks,
            sources,
        });
        Ok(())
    }

    /// Splits statements into chunks by part (recording the directives of the whole program
    /// when `record`: not when parsed again); `placed` are the facts among them.
    fn chunks(
        &mut self,
        table: &mut Interner,
        program: ast::Program,
        placed: &[Fact],
        record: bool,
    ) -> Vec<Chunk> {
        let mut chunks = vec![Chunk::new(0, Vec::new())];
        if let Some(first) = chunks.first_mut() {
            // Most programs have one part: their statements are moved once, not at each growth.
            first.statements.reserve(program.statements.len());
        }
        let mut facts = placed.iter().peekable();
        for (i, statement) in program.statements.into_iter().enumerate() {
            let Some(chunk) = chunks.last_mut() else {
                break;
            };
            while let Some(fact) = facts.next_if(|f| f.at as usize <= i) {
                chunk.place(fact);
            }
            if let Some(next) = self.statement(table, statement, chunk, record) {
                chunks.push(next);
            }
        }
        if let Some(chunk) = chunks.last_mut() {
            facts.for_each(|fact| chunk.place(fact));
        }
        chunks.retain(|c| !c.statements.is_empty() || !c.placed.is_empty());
        chunks
    }

    /// Puts `statement` in `chunk`, records it if it is a directive of the whole program (only
    /// when `record`), or starts the chunk of the part a `#program` names.
    fn statement(
        &mut self,
        table: &mut Interner,
        statement: ast::Statement,
        chunk: &mut Chunk,
        record: bool,
    ) -> Option<Chunk> {
        let mut unrecorded = Directives::default();
        let directives = if record {
            &mut self.directives
        } else {
            &mut unrecorded
        };
        match statement.kind {
            StatementKind::Program { name, params } => {
                let part = self.part(&name, params.len());
                return Some(Chunk::new(part, params));
            }
            StatementKind::Defined(_) if !record => {}
            StatementKind::Defined(ref s) => {
                let name = table.name(&s.name);
                let (arity, negative) = (s.arity, s.negative);
                self.heads.insert(Pred {
                    name,
                    arity,
                    negative,
                });
            }
            _ if rewrite::global_directive(table, &statement, directives) => {}
            _ => chunk.statements.push(statement),
        }
        None
    }

    /// The value of the constant `name` (its `#const` definitions and the `overrides`),
    /// evaluated; `None` when undefined or not a single ground term.
    pub(crate) fn constant(
        &self,
        name: &str,
        overrides: &[(String, ast::Term)],
    ) -> Option<crate::Symbol> {
        let program = ast::Program {
            statements: self.consts.clone(),
        };
        let consts = crate::normalize::constants::resolve(&program, overrides, &mut Vec::new());
        let value = crate::normalize::constants::substitute(consts.get(name)?, &consts);
        rewrite::ground_term(&value)
    }

    /// Rewrites the statements added since the last grounding, every part, dropping each
    /// statement once rewritten. Errors (with the infos so far, in clingo's order) leave
    /// everything pending: the adds are parsed again from their sources.
    pub(crate) fn rewrite_pending(
        &mut self,
        table: &mut Interner,
        overrides: &[(String, ast::Term)],
        infos: &mut Vec<Diagnostic>,
    ) -> Result<(), GroundError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut diags = Vec::new();
        let program = ast::Program {
            statements: self.consts.clone(),
        };
        let consts = crate::normalize::constants::resolve(&program, overrides, &mut diags);
        self.reparse_for_constants(table, &consts)
            .map_err(|errors| fail(errors, std::mem::take(infos)))?;
        let mut done = self.rewrite_chunks(table, &consts, &mut diags);
        let (errors, more_infos): (Vec<_>, Vec<_>) = diags
            .into_iter()
            .partition(|d| d.severity == Severity::Error);
        if !errors.is_empty() {
            // `#const` errors end parsing, as in clingo: nothing is simplified or checked.
            self.parse_pending_again(table);
            return Err(fail(errors, std::mem::take(infos)));
        }
        let reported: Vec<Span> = more_infos
            .iter()
            .filter(|d| d.message == "operation undefined:")
            .filter_map(|d| d.span.clone())
            .collect();
        infos.extend(self.tuple_infos.iter().cloned());
        infos.extend(more_infos);
        let mut checked = Vec::new();
        for (_, rewritten) in &mut done {
            let rules = std::mem::take(&mut rewritten.rules);
            rewritten.rules = crate::normalize::safe::safe_rules(table, rules, &mut checked);
        }
        if checked.iter().any(|d| d.severity == Severity::Error) {
            self.parse_pending_again(table);
            return Err(fail_checked(std::mem::take(infos), checked));
        }
        let tuple_infos: Vec<Diagnostic> = checked
            .iter()
            .filter(|d| d.message == GLOBAL_IN_TUPLE)
            .cloned()
            .collect();
        infos.append(&mut checked);
        self.reported.extend(reported);
        self.tuple_infos.extend(tuple_infos);
        self.pending.clear();
        for (part, rewritten) in done {
            self.commit(table, part, rewritten);
        }
        Ok(())
    }

    /// The pending chunks rewritten with `consts` (messages to `diags`), with their parts; the
    /// chunks' statements are moved out (see [`Added::parse_pending_again`]).
    fn rewrite_chunks(
        &mut self,
        table: &mut Interner,
        consts: &FxHashMap<String, ast::Term>,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<(usize, rewrite::Rewritten)> {
        let mut done = Vec::new();
        for pending in &mut self.pending {
            for chunk in &mut pending.chunks {
                let Some(part) = self.parts.get(chunk.part) else {
                    continue;
                };
                let taken = std::mem::take(&mut chunk.statements);
                let statements = PartStatements {
                    marker: &part.marker,
                    params: &chunk.params,
                    statements: &taken,
                    facts: &pending.facts,
                    placed: &chunk.placed,
                };
                let rewritten = rewrite::rewrite(table, &statements, consts, diags);
                drop(taken);
                done.push((chunk.part, rewritten));
            }
        }
        done
    }

    /// Appends a rewritten chunk to its part.
    fn commit(&mut self, table: &Interner, part: usize, rewritten: rewrite::Rewritten) {
        for rule in rewritten.rules.iter().filter(|r| is_fact_rule(table, r)) {
            self.heads.extend(rule.head.each_atom().map(|a| a.pred));
        }
        for fact in &rewritten.facts {
            if let Some(f) = table.as_fun(fact.atom) {
                let arity = f.args.len() as u32;
                let (name, negative) = (f.name, f.negative);
                self.heads.insert(Pred {
                    name,
                    arity,
                    negative,
                });
            }
        }
        let Some(part) = self.parts.get_mut(part) else {
            return;
        };
        let offset = part.rules.len() as u32;
        part.facts
            .extend(rewritten.facts.into_iter().map(|f| PlainFact {
                before: f.before + offset,
                ..f
            }));
        if part.rules.is_empty() {
            part.rules = rewritten.rules;
        } else {
            part.rules.extend(rewritten.rules);
        }
        part.project.extend(rewritten.project);
    }
}

/// Parsing pending adds again from their sources.
impl Added {
    /// Parses again, with their facts left in, the pending adds whose facts name a constant
    /// defined after them.
    fn reparse_for_constants(
        &mut self,
        table: &mut Interner,
        consts: &FxHashMap<String, ast::Term>,
    ) -> Result<(), Vec<Diagnostic>> {
        for k in 0..self.pending.len() {
            let Some(pending) = self.pending.get_mut(k) else {
                continue;
            };
            if pending.facts.names().any(|n| consts.contains_key(n)) {
                self.parse_again(table, k)?;
            }
        }
        Ok(())
    }

    /// Parses every pending add again after a failed rewriting moved their statements out.
    /// An add without sources (one-shot, which ends at the error) keeps none; an add whose
    /// sources no longer parse (an `#include`d file gone) keeps none either.
    fn parse_pending_again(&mut self, table: &mut Interner) {
        for k in 0..self.pending.len() {
            if self.parse_again(table, k).is_err() {
                if let Some(pending) = self.pending.get_mut(k) {
                    pending.chunks.clear();
                }
            }
        }
    }

    /// Parses the `k`-th pending add again from its sources, with its facts left in (its
    /// directives are not recorded again: they were when it was added).
    fn parse_again(&mut self, table: &mut Interner, k: usize) -> Result<(), Vec<Diagnostic>> {
        let Some(sources) = self.pending.get_mut(k).and_then(|p| p.sources.take()) else {
            return Ok(());
        };
        let (texts, dialect, start) = &sources;
        let parsed = crate::syntax::load(texts, *dialect).map(|loaded| {
            let mut program = loaded.program;
            program.statements.splice(0..0, start.clone());
            self.chunks(table, program, &[], false)
        });
        let Some(pending) = self.pending.get_mut(k) else {
            return Ok(());
        };
        pending.sources = Some(sources);
        pending.chunks = parsed?;
        pending.facts = Facts::default();
        Ok(())
    }
}

/// The rules and facts of one grounding: the instances of the parts it names.
#[derive(Default)]
pub(crate) struct Call {
    /// The rule instances, part by part (parts in declaration order).
    pub rules: Vec<Rule>,
    /// The simple facts (`before` counts `rules`).
    pub facts: Vec<PlainFact>,
    /// The `#project p/n` signatures of the parts.
    pub project: Vec<Pred>,
    /// The indexes of the instances of rules never ground before.
    pub first: Vec<usize>,
    /// Parts whose rules were moved into `rules` (one instance each): part, first index and
    /// number of rules.
    moved: Vec<(usize, usize, usize)>,
    /// The parts ground.
    parts: Vec<usize>,
    /// The predicates any atom of which counts as defined for `atom does not occur in any
    /// rule head` (`Added::heads` before this call's rules: facts, `#defined`, the heads of
    /// earlier groundings); this call's rules define atoms by unification.
    pub wholesale: FxHashSet<Pred>,
}

impl Added {
    /// The instances of the parts `requested` (part index, its argument tuples in ascending
    /// term order, none twice): a rule with parameters once per tuple (in descending order,
    /// so that gringo's last-to-first grounding of independent statements meets them in
    /// ascending order), a rule without once. A part ground with one tuple lends its rules
    /// (see [`Added::restore`]).
    pub(crate) fn call(&mut self, requested: Vec<(usize, Vec<Vec<Val>>)>) -> Call {
        let mut call = Call::default();
        for (index, tuples) in requested {
            let Some(part) = self.parts.get_mut(index) else {
                continue;
            };
            let start = call.rules.len();
            call.parts.push(index);
            let (positions, lent) = instances(part, &tuples, &mut call.rules);
            if lent {
                call.moved.push((index, start, call.rules.len() - start));
            }
            let first_new = positions
                .get(part.ground)
                .copied()
                .unwrap_or(call.rules.len());
            call.first.extend(first_new..call.rules.len());
            call.facts.extend(part.facts.iter().map(|f| PlainFact {
                before: positions.get(f.before as usize).copied().unwrap_or(start) as u32,
                ..*f
            }));
            call.project.extend(part.project.iter().copied());
        }
        call.wholesale = self.heads.clone();
        for rule in &call.rules {
            self.heads.extend(rule.head.each_atom().map(|a| a.pred));
        }
        call
    }

    /// Frees every part's rules and facts, and the predicates with a head (see
    /// `Session::end_grounding`: no statement is rewritten or ground any more).
    pub(crate) fn release_rules(&mut self) {
        for part in &mut self.parts {
            part.rules = Vec::new();
            part.facts = Vec::new();
        }
        self.heads = FxHashSet::default();
    }

    /// Gives the rules lent to `call` back and records its parts as ground.
    pub(crate) fn restore(&mut self, mut call: Call) {
        for &(index, start, len) in call.moved.iter().rev() {
            call.rules.truncate(start + len);
            if let Some(part) = self.parts.get_mut(index) {
                part.rules = match start {
                    // `split_off(0)` would copy into a new vector of the same capacity.
                    0 => std::mem::take(&mut call.rules),
                    _ => call.rules.split_off(start.min(call.rules.len())),
                };
            }
        }
        for index in call.parts {
            if let Some(part) = self.parts.get_mut(index) {
                part.ground = part.rules.len();
            }
        }
    }
}

/// Appends the instances of `part`'s rules for `tuples` to `rules`: with one tuple the part's
/// rules themselves (lent, see [`Added::restore`]); otherwise a rule with parameters once per
/// tuple (in descending order), a rule without once. Returns the index of each rule's first
/// instance then the end, and whether the rules were lent.
fn instances(part: &mut Part, tuples: &[Vec<Val>], rules: &mut Vec<Rule>) -> (Vec<usize>, bool) {
    let start = rules.len();
    let mut positions = Vec::with_capacity(part.rules.len() + 1);
    let lent = tuples.len() == 1;
    if let [tuple] = tuples {
        let mut own = std::mem::take(&mut part.rules);
        for (k, rule) in own.iter_mut().enumerate() {
            bind_params(rule, tuple);
            positions.push(start + k);
        }
        if rules.is_empty() {
            *rules = own; // moved, not copied
        } else {
            rules.append(&mut own);
        }
    } else {
        for rule in &part.rules {
            positions.push(rules.len());
            let copies = if rule.params.is_empty() {
                1
            } else {
                tuples.len()
            };
            for tuple in tuples.iter().rev().take(copies) {
                let mut instance = rule.clone();
                bind_params(&mut instance, tuple);
                rules.push(instance);
            }
        }
    }
    positions.push(rules.len());
    (positions, lent)
}

/// Whether `rule` is written as a fact (one unconditional head atom without arithmetic or
/// tuples over variables, no body), if not necessarily ground (`p(t).` in a part with
/// parameter `t`), as clingo counts facts for `atom does not occur in any rule head`.
fn is_fact_rule(table: &Interner, rule: &Rule) -> bool {
    let crate::normalize::rules::Head::Disj(elems) = &rule.head else {
        return false;
    };
    let [elem] = elems.as_slice() else {
        return false;
    };
    rule.body.is_empty()
        && elem.cond.is_empty()
        && elem.atom.args.iter().all(|t| plain_term(table, t))
}

/// Whether `t` has no arithmetic, no call and no tuple with a variable.
fn plain_term(table: &Interner, t: &crate::term::eval::T) -> bool {
    use crate::term::eval::T;
    match t {
        T::Val(_) | T::Var(_) => true,
        T::Fun(name, _, args) => {
            let mut vars = Vec::new();
            t.vars(&mut vars);
            let tuple = table.name_text(*name).is_empty();
            (!tuple || vars.is_empty()) && args.iter().all(|a| plain_term(table, a))
        }
        T::Unary(..) | T::Binary(..) | T::Call(..) => false,
    }
}

/// Sets the values of a rule's parameter variables from `tuple`.
fn bind_params(rule: &mut Rule, tuple: &[Val]) {
    for p in &mut rule.params {
        if let Some(&v) = tuple.get(p.index as usize) {
            p.value = v;
        }
    }
}

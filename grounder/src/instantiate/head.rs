//! Rule heads: what a solution of the body join produces (a ground rule in `Mode::Emit`, the
//! head atoms in `Mode::Domain`): single atoms, disjunctions with conditions (stand-in atoms
//! for uncertain conditions), weak constraints and the other special heads.

use super::conjunction::Conjunction;
use super::{GBody, GLit, GRule, Grounder, HeadInstance, Mode, Stop};
use crate::ast::Span;
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::AtomId;
use crate::normalize::rules::{AtomPat, Head, Rule};
use crate::term::eval::{Binding, T};
use crate::term::intern::Val;

/// The parts of a weak constraint's head (see `Head::Weak`).
pub(super) struct WeakHead<'r> {
    weight: &'r T,
    priority: &'r T,
    terms: &'r [T],
    weight_span: &'r Span,
}

impl<'a> Grounder<'a> {
    /// `info: tuple ignored` (`w@p`) for a weak constraint whose weight or priority is not an
    /// integer, once per rule and `w@p,tuple`, as clingo.
    fn weight_ignored(&mut self, span: &Span, [w, p]: [Val; 2], tuple: &[Val]) {
        let key = tuple.iter().map(|v| Some(*v)).collect();
        let seen = (self.current_rule, span.clone(), vec![w, p], key);
        if !self.ignored_seen.insert(seen) {
            return;
        }
        let text = format!("{}@{}", self.table.show(w), self.table.show(p));
        self.infos.push(Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: "tuple ignored:".into(),
            notes: vec![Note { span: None, text }],
        });
    }

    /// Handles one solution of a rule body.
    pub fn on_match(
        &mut self,
        rule: &Rule,
        mode: Mode,
        binding: &mut Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        match &rule.head {
            Head::Disj(elems) => self.disjunction(rule, elems, mode, binding, glits),
            Head::Choice { elems, bounds, .. } => {
                self.head_aggregate(rule, None, elems, bounds, mode, binding, glits)
            }
            Head::Agg {
                function,
                elems,
                bounds,
                ..
            } => self.head_aggregate(rule, Some(*function), elems, bounds, mode, binding, glits),
            Head::External(a, value) => {
                let Some(atom) = self.ground_atom(rule, a, binding) else {
                    return Ok(());
                };
                self.store.add_to_domain(self.table, atom);
                if mode == Mode::Emit {
                    let v = self.eval_term(rule, value, binding).unwrap_or(Val::Num(0));
                    self.extras.externals.push((atom, v));
                }
                Ok(())
            }
            _ if mode == Mode::Domain => Ok(()),
            Head::Weak {
                weight,
                priority,
                terms,
                weight_span,
            } => {
                let weak = WeakHead {
                    weight,
                    priority,
                    terms,
                    weight_span,
                };
                self.weak(rule, &weak, binding, glits)
            }
            Head::Show(t) => {
                if let Some(v) = self.eval_term(rule, t, binding) {
                    self.extras.shows.push((v, glits.to_vec()));
                }
                Ok(())
            }
            Head::Project(a) => {
                if let Some(atom) = self.ground_atom(rule, a, binding) {
                    self.extras.projects.push(atom);
                }
                Ok(())
            }
            Head::Edge(u, v) => {
                let from = self.eval_term(rule, u, binding);
                let to = self.eval_term(rule, v, binding);
                if let (Some(from), Some(to)) = (from, to) {
                    self.extras.edges.push((from, to, glits.to_vec()));
                }
                Ok(())
            }
            Head::Heuristic(heuristic) => {
                let (a, [weight, priority, modifier], spans) = &**heuristic;
                let Some(atom) = self.ground_atom(rule, a, binding) else {
                    return Ok(());
                };
                let values = [weight, priority, modifier].map(|t| self.eval_term(rule, t, binding));
                if let [Some(weight), Some(priority), Some(modifier)] = values {
                    // clingo ignores a directive whose weight is not an integer, whose
                    // priority is not a non-negative integer or whose modifier is unknown,
                    // pointing at the first such term; one over an atom of no domain is not
                    // instantiated (the output drops it), so it gets no message.
                    let known = self.store.info(atom).is_some_and(|i| i.in_domain);
                    let bad = [
                        !matches!(weight, Val::Num(_)),
                        !matches!(priority, Val::Num(p) if p >= 0),
                        heuristic_modifier(self.table, modifier).is_none(),
                    ];
                    if let Some(at) = bad.iter().position(|&b| b).filter(|_| known) {
                        self.infos.push(Diagnostic {
                            severity: Severity::Info,
                            span: Some(spans[at].clone()),
                            message: "heuristic directive ignored".into(),
                            notes: Vec::new(),
                        });
                        return Ok(());
                    }
                    let directive = (atom, [weight, priority, modifier], glits.to_vec());
                    self.extras.heuristics.push(directive);
                }
                Ok(())
            }
        }
    }

    pub(super) fn weak(
        &mut self,
        rule: &Rule,
        weak: &WeakHead<'_>,
        binding: &Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        let (Some(w), Some(p)) = (
            self.eval_term(rule, weak.weight, binding),
            self.eval_term(rule, weak.priority, binding),
        ) else {
            return Ok(());
        };
        let mut tuple = Vec::with_capacity(weak.terms.len());
        for t in weak.terms {
            match self.eval_term(rule, t, binding) {
                Some(v) => tuple.push(v),
                None => return Ok(()),
            }
        }
        let (Val::Num(w), Val::Num(p)) = (w, p) else {
            self.weight_ignored(weak.weight_span, [w, p], &tuple);
            return Ok(());
        };
        let key = (p, i64::from(w), tuple);
        if !self.extras.weak.contains_key(&key) {
            self.extras.weak_order.push(key.clone());
        }
        self.extras
            .weak
            .entry(key)
            .or_default()
            .push(glits.to_vec());
        self.tick()
    }

    pub(super) fn disjunction(
        &mut self,
        rule: &Rule,
        elems: &[crate::normalize::rules::HeadElem],
        mode: Mode,
        binding: &mut Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        if let [e] = elems {
            if e.cond.is_empty() && e.terms.is_empty() {
                return self.single_head(rule, &e.atom, mode, binding, glits);
            }
        }
        let mut head = Vec::new();
        let body = glits.to_vec();
        // The unconditional atoms.
        let mut plain: Vec<AtomId> = Vec::new();
        let mut conjunctions = Vec::new();
        // gringo grounds a disjunction with a conditional element element by element: in a
        // rule that depends positively on itself a known fact satisfies it, but every element's
        // atoms still enter the domain (where they keep weak constraints over them, and so their
        // priority levels, as in clingo); otherwise the instance is dropped with none of its
        // atoms (`a. d(1). a | s(3) | r : d(W). t :- s(3).` grounds no `t :- s(3)` in clingo
        // 5.8.3), also when the rule depends on itself only negatively (`:- not not b.` after
        // `b.`: seed 59769).
        let conditional = elems.iter().any(|e| e.conj.is_some());
        if conditional
            && !self.rule_positively_recursive(rule)
            && elems.len() > 1
            && elems
                .iter()
                .any(|e| e.conj.is_none() && self.is_known_fact(rule, e, binding))
        {
            return Ok(());
        }
        let mut satisfied = false;
        // The atoms met so far, in order: they enter their domains once the instance stays.
        let mut defined = Vec::new();
        for e in elems {
            if e.conj.is_some() {
                self.conjunction_instances(
                    rule,
                    e,
                    binding,
                    mode,
                    &mut conjunctions,
                    &mut defined,
                )?;
                continue;
            }
            if elems.len() > 1 && self.is_known_fact(rule, e, binding) {
                if !conditional {
                    // clingo drops the instance here; the atoms before stay in the domain.
                    self.define_all(&defined);
                    if mode == Mode::Emit {
                        self.extras.unruled.extend(plain);
                    }
                    return Ok(());
                }
                satisfied = true;
            }
            let atoms = self.head_element_atoms(rule, e, binding, mode, false)?;
            if atoms.is_empty() && e.cond.is_empty() {
                // The head atom is undefined (e.g. `p(1/0)`): the instance is dropped.
                self.define_all(&defined);
                return Ok(());
            }
            defined.extend(atoms.iter().map(|(atom, ..)| *atom));
            plain.extend(atoms.into_iter().map(|(atom, ..)| atom));
        }
        if conditional
            && !self.rule_positively_recursive(rule)
            && self.conjunction_known_fact(&conjunctions)
        {
            // A conditional element's instance under a certain condition is a fact clingo knows
            // (`q(2). b | q(W) : dom(W).`): clingo writes the disjunction as satisfied and none
            // of its atoms enters a domain, so no weak constraint over `b` keeps its level.
            return Ok(());
        }
        self.define_all(&defined);
        if mode == Mode::Domain {
            return Ok(());
        }
        if satisfied {
            let conjunction_atoms = conjunctions.into_iter().flat_map(|c| c.atoms);
            self.extras
                .unruled
                .extend(plain.into_iter().chain(conjunction_atoms));
            return Ok(());
        }
        let mut stand_ins = Vec::new();
        // The open literals `not a` / `not not a` of the head, whose complements join the body.
        let mut head_literals = Vec::new();
        for c in conjunctions {
            // A conjunction with a false conjunct is no disjunct (clingo's `#false : c`).
            if c.falsified {
                continue;
            }
            let certain = c.conds.iter().any(Vec::is_empty);
            if let Some(atom) = c.single_certain_atom() {
                plain.push(atom);
                continue;
            }
            if let Some(literal) = c.single_certain_literal() {
                head_literals.push(literal);
                continue;
            }
            // An empty conjunction under a certain condition satisfies the head.
            if c.is_empty() && certain {
                return Ok(());
            }
            stand_ins.push((c.atoms, c.literals, c.conds));
        }
        for (atoms, literals, group_conds) in stand_ins {
            let cond = self.condition_disjunction(group_conds)?;
            head.push(self.conjunction_head((&atoms, &literals), &cond)?);
        }
        head.extend(plain);
        // gringo writes the body of a disjunction with a conditional element as an atom of
        // its own, `d :- body. head :- d.` (its `#delayed` head), also an empty body: clasp
        // keeps `b` in `s | b :- d. d :- not b.` (it drops it from `s | b :- not b.`), and no
        // head atom is a fact while grounding (`t :- not s(1).` stays after `s(1) | b : r.`).
        // gringo derives no fact from a disjunction or a conditional head (`p(1) ; p(1).` and
        // `p(X) : q(X).` stay rules), so `not p(1)` stays undecided there as in clingo.
        if let [atom] = head.as_slice() {
            if !body.is_empty() && self.store.is_fact(*atom) {
                return Ok(());
            }
        }
        head.sort_unstable();
        head.dedup();
        let mut body = match conditional {
            true => vec![GLit::pos(self.define_aux(vec![body])?)],
            false => body,
        };
        for literal in head_literals {
            body.push(self.head_literal(literal, true)?);
        }
        self.push_rule(GRule {
            choice: false,
            head,
            body: GBody::Normal(body),
        })
    }
}

/// The facts clingo knows when it grounds a disjunction, and the domains of its atoms.
impl Grounder<'_> {
    /// Puts `atoms` into their domains, in order.
    fn define_all(&mut self, atoms: &[AtomId]) {
        for &atom in atoms {
            self.store.add_to_domain(self.table, atom);
        }
    }

    /// Whether one of `conjunctions` is a single atom under a certain condition and that atom
    /// a fact clingo knows (see [`Self::is_known_fact`]).
    fn conjunction_known_fact(&self, conjunctions: &[Conjunction]) -> bool {
        conjunctions.iter().any(|c| {
            matches!(c.atoms.as_slice(), [atom] if c.conds.iter().any(Vec::is_empty)
                && self.atom_is_known_fact(*atom))
        })
    }

    /// Whether the head element `e` is unconditional and its atom a fact clingo knows when it
    /// grounds the rule: a plain fact, or one over a predicate the body depends on. clingo
    /// drops a disjunction instance at the first such element, so the atoms after it are not
    /// derived by it.
    pub(super) fn is_known_fact(
        &mut self,
        rule: &Rule,
        e: &crate::normalize::rules::HeadElem,
        binding: &Binding,
    ) -> bool {
        if !e.cond.is_empty() {
            return false;
        }
        self.ground_atom(rule, &e.atom, binding)
            .is_some_and(|atom| self.atom_is_known_fact(atom))
    }

    /// Whether `atom` is a fact clingo knows when it grounds `rule` (see [`Self::is_known_fact`]).
    fn atom_is_known_fact(&self, atom: AtomId) -> bool {
        let scope = self
            .current_rule
            .and_then(|i| self.fact_scopes.get(i))
            .map_or(&[][..], Vec::as_slice);
        self.plain_facts.contains(&atom)
            || (self.store.is_fact(atom)
                && self
                    .store
                    .info(atom)
                    .is_some_and(|i| scope.binary_search(&i.pred).is_ok()))
    }
}

/// Single heads and the atoms of conditional head elements.
impl<'a> Grounder<'a> {
    /// The common rule `atom :- body.` (one unconditional head atom): what `disjunction` does
    /// for it, without its bookkeeping.
    pub(super) fn single_head(
        &mut self,
        rule: &Rule,
        atom: &AtomPat,
        mode: Mode,
        binding: &Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        let Some(atom) = self.ground_atom(rule, atom, binding) else {
            // The head atom is undefined (e.g. `p(1/0)`): the instance is dropped.
            return Ok(());
        };
        self.store.add_to_domain(self.table, atom);
        if mode == Mode::Domain {
            return Ok(());
        }
        if glits.is_empty() {
            if self.store.set_fact(self.table, atom) {
                if let Some(facts) = &mut self.component_facts {
                    facts.insert(atom);
                }
            }
            return self.tick();
        }
        if self.store.is_fact(atom) {
            return Ok(());
        }
        self.push_rule(GRule {
            choice: false,
            head: vec![atom],
            body: GBody::Normal(glits.to_vec()),
        })
    }

    /// The literals of a condition that holds when one of `bodies` does: the only body
    /// itself, else an auxiliary atom with a rule per body.
    pub(super) fn condition_disjunction(
        &mut self,
        mut bodies: Vec<Vec<GLit>>,
    ) -> Result<Vec<GLit>, Stop> {
        if bodies.len() == 1 {
            return Ok(bodies.pop().unwrap_or_default());
        }
        let c = self.store.aux();
        for b in bodies {
            self.push_rule(GRule {
                choice: false,
                head: vec![c],
                body: GBody::Normal(b),
            })?;
        }
        Ok(vec![GLit::pos(c)])
    }

    /// The ground atoms of a head element with its tuple and condition literals; each atom is
    /// added to its domain when `define` is set.
    pub fn head_element_atoms(
        &mut self,
        rule: &Rule,
        e: &crate::normalize::rules::HeadElem,
        binding: &mut Binding,
        mode: Mode,
        define: bool,
    ) -> Result<Vec<HeadInstance>, Stop> {
        let keyed = self.keyed_element_atoms(rule, e, binding, (mode, define), &[])?;
        Ok(keyed.into_iter().map(|(instance, _)| instance).collect())
    }

    /// [`Grounder::head_element_atoms`], each instance with the values of the variables `key`.
    pub(crate) fn keyed_element_atoms(
        &mut self,
        rule: &Rule,
        e: &crate::normalize::rules::HeadElem,
        binding: &mut Binding,
        (mode, define): (Mode, bool),
        key: &[u32],
    ) -> Result<Vec<KeyedInstance>, Stop> {
        let mut out = Vec::new();
        let (atom_pat, terms) = (&e.atom, &e.terms);
        self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
            let mut tuple = Vec::with_capacity(terms.len());
            for t in terms {
                match g.eval_term(rule, t, b) {
                    Some(v) => tuple.push(v),
                    None => return Ok(()),
                }
            }
            if let Some(atom) = g.ground_atom(rule, atom_pat, b) {
                if define {
                    g.store.add_to_domain(g.table, atom);
                }
                let values = key.iter().map(|&v| b.get(v as usize).copied().flatten());
                out.push(((atom, tuple, lits.to_vec()), values.collect()));
            }
            Ok(())
        })?;
        Ok(out)
    }
}

/// A head element instance with the values of some of its variables.
pub(crate) type KeyedInstance = (HeadInstance, Vec<Option<Val>>);

/// The modifier a constant names (`level sign factor init true false`).
pub(crate) fn heuristic_modifier(
    table: &crate::term::intern::Interner,
    v: Val,
) -> Option<solver_core::HeuristicModifier> {
    use solver_core::HeuristicModifier as M;
    let f = table
        .as_fun(v)
        .filter(|f| f.args.is_empty() && !f.negative)?;
    Some(match table.name_text(f.name) {
        "level" => M::Level,
        "sign" => M::Sign,
        "factor" => M::Factor,
        "init" => M::Init,
        "true" => M::True,
        "false" => M::False,
        _ => return None,
    })
}

//! The output table: which atoms and `#show` terms a model shows, under which conditions.
//!
//! An atom is shown when its predicate is shown: with any `#show p/n.` or `#show.` only the
//! listed signatures, otherwise every predicate except hidden ones. Shown atoms come in
//! gringo's order (see `order`), which is the order clingo prints facts in. `#show t : body.`
//! adds its instances after the atoms (later statements first, as gringo). A term is output
//! once, when any of its conditions holds: a condition of several literals, or several
//! conditions, become one auxiliary atom, as gringo writes them (clasp projects onto the
//! output literals).
//!
//! Across groundings the table grows as clingo's does: each grounding appends the entries of
//! the atoms it made shown (in gringo's order) and of its terms, so a model prints the facts
//! of earlier steps first. A term shown again under new conditions gets a new entry whose
//! condition excludes the earlier ones (`aux :- new, not old.`, as gringo), so it is printed
//! once. The `#show` directives hold for the whole program as added so far (clingo reads them
//! when a program is added, whichever part they are in): when they changed since the last
//! grounding (a `#show q/1.` added later hides the atoms of other predicates), the table is
//! rebuilt from every atom and term so far and replaces the earlier one.
//!
//! # Invariants
//! - An atom has at most one entry in the table; a term's entries hold in disjoint models.
//! - A term's bodies are those of the groundings that produced it, simplified when ground.

use fxhash::FxHashMap;
use solver_core::{HeadKind, Literal};

use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::{simplify_conj, Truth};
use crate::instantiate::{GLit, Grounder};
use crate::normalize::rewrite::Directives;
use crate::normalize::rules::{Pred, Rule};
use crate::output::numbering::Numbering;
use crate::output::order::ShownOrder;
use crate::output::source::Source;
use crate::term::intern::Val;

/// What became of an atom's fact rule.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum FactRule {
    /// Not a fact (yet).
    #[default]
    None,
    /// Written.
    Written,
    /// Refused: the atom was frozen with other rules (see `definitions`).
    Refused,
}

/// The output table so far.
#[derive(Default, Debug)]
pub(crate) struct Table {
    /// The order of shown atoms.
    shown_order: ShownOrder,
    /// The shown atoms with an entry.
    shown_atoms: ShownAtoms,
    /// The `#show t : body.` terms.
    terms: Terms,
    /// The output directives the table was made with.
    directives: Option<Directives>,
}

impl Table {
    /// The predicates in gringo's domain creation order (those placed by the groundings).
    pub(crate) fn domain_order(&self) -> &[u32] {
        self.shown_order.domains()
    }

    /// Writes the output entries of this grounding (every entry when the `#show` directives
    /// changed); returns their terms and whether they replace the earlier ones. `written`:
    /// what became of each atom's fact rule.
    pub(crate) fn write(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        (from, written, truth): (&Source, &[FactRule], &[Truth]),
    ) -> (Vec<Val>, bool) {
        self.shown_order.extend(g, from.rules, from.facts);
        let replace = self.directives.as_ref() != Some(from.directives);
        self.directives = Some(from.directives.clone());
        let order = &self.shown_order;
        let mut outputs = self
            .shown_atoms
            .extend(n, g, (order, written), (from, truth, replace));
        // A `#show` term equal to a shown atom is printed twice, as clingo prints it (`p(1).
        // #show p(1).` shows `p(1) p(1)`); equal terms are merged by `Terms`.
        outputs.extend(self.terms.extend(n, g, from.rules, (truth, replace)));
        let mut shown = Vec::with_capacity(outputs.len());
        n.program.outputs.reserve_exact(outputs.len());
        for (v, cond) in outputs {
            n.program.add_output(g.table.show(v).to_string(), cond);
            shown.push(v);
        }
        (shown, replace)
    }
}

/// Whether atoms of `pred` are shown (see the module doc).
fn is_shown(d: &Directives, pred: Pred) -> bool {
    if d.show_explicit {
        d.show.contains(&pred)
    } else {
        !d.hide.contains(&pred)
    }
}

/// The shown atoms with an entry in the table.
#[derive(Default, Debug)]
struct ShownAtoms {
    /// Per grounder atom: whether it has an entry.
    done: Vec<bool>,
}

impl ShownAtoms {
    /// The entries of the shown atoms without one (of every atom when `rebuild`), in order:
    /// no condition for facts whose fact rule was written (`written`), the atom for others.
    fn extend(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        (order, written): (&ShownOrder, &[FactRule]),
        (from, truth, rebuild): (&Source, &[Truth], bool),
    ) -> Vec<(Val, Vec<Literal>)> {
        if rebuild {
            self.done.clear();
        }
        self.done.resize(g.store.atoms.len(), false);
        let mut out = Vec::new();
        for id in order.atoms() {
            if self.done.get(id.0 as usize) != Some(&false) {
                continue;
            }
            if let Some(entry) = entry(n, g, id, (from.directives, written, truth)) {
                out.push(entry);
                if let Some(done) = self.done.get_mut(id.0 as usize) {
                    *done = true;
                }
            }
        }
        out
    }
}

/// The entry of atom `id` if it is shown.
fn entry(
    n: &mut Numbering,
    g: &Grounder,
    id: AtomId,
    (d, written, truth): (&Directives, &[FactRule], &[Truth]),
) -> Option<(Val, Vec<Literal>)> {
    let info = g.store.info(id)?;
    let (val, dom) = (info.val?, g.store.preds.get(info.pred as usize)?);
    let t = truth.get(id.0 as usize).copied().unwrap_or(Truth::Unknown);
    let internal = g.table.name_text(dom.pred.name).starts_with('#');
    if t == Truth::False || !info.in_domain || internal || !is_shown(d, dom.pred) {
        return None;
    }
    let cond = if t == Truth::True && written.get(id.0 as usize) == Some(&FactRule::Written) {
        Vec::new()
    } else {
        vec![n.lit(g, GLit::pos(id))]
    };
    Some((val, cond))
}

/// One `#show` term: its conditions so far and its entries in the table.
#[derive(Debug)]
struct Term {
    /// The term.
    val: Val,
    /// Its conditions (one holding shows it).
    bodies: Vec<Vec<GLit>>,
    /// The conditions of its entries, each with one literal equivalent to it once needed.
    entries: Vec<(Vec<Literal>, Option<Literal>)>,
}

/// The `#show t : body.` terms of every grounding so far, in output order.
#[derive(Default, Debug)]
struct Terms {
    /// The terms.
    terms: Vec<Term>,
    /// Index of each term in `terms`.
    index: FxHashMap<Val, usize>,
}

impl Terms {
    /// Adds the shown terms of this grounding (`g.extras.shows`) and returns the new entries
    /// (every term's when `rebuild`). A grounding's terms are ordered as gringo grounds the
    /// statements: independent statements last to first, a statement's instances in order.
    pub(crate) fn extend(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        source: &[Rule],
        (truth, rebuild): (&[Truth], bool),
    ) -> Vec<(Val, Vec<Literal>)> {
        let mut conds: FxHashMap<Val, Vec<Vec<GLit>>> = FxHashMap::default();
        let mut order = Vec::new();
        for (v, cond) in &g.extras.shows {
            if let Some(c) = simplify_conj(truth, cond) {
                let entry = conds.entry(*v).or_insert_with(|| {
                    order.push(*v);
                    Vec::new()
                });
                if !entry.contains(&c) {
                    entry.push(c);
                }
            }
        }
        let rank = |v: &Val| crate::output::order::show_statement(g, source, *v);
        order.sort_by_key(|v| std::cmp::Reverse(rank(v)));
        let mut out = Vec::new();
        for v in order {
            let bodies = conds.remove(&v).unwrap_or_default();
            if let Some(entry) = self.add(n, g, v, (bodies, !rebuild)) {
                out.push((v, entry));
            }
        }
        if rebuild {
            for term in &mut self.terms {
                let cond = condition(n, g, &term.bodies);
                term.entries = vec![(cond.clone(), None)];
                out.push((term.val, cond));
            }
        }
        out
    }

    /// Adds the conditions `bodies` of term `v` (a new term at the end); with `entry`, the
    /// condition of its new entry, if it needs one.
    fn add(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        v: Val,
        (bodies, entry): (Vec<Vec<GLit>>, bool),
    ) -> Option<Vec<Literal>> {
        let k = *self.index.entry(v).or_insert_with(|| {
            self.terms.push(Term {
                val: v,
                bodies: Vec::new(),
                entries: Vec::new(),
            });
            self.terms.len() - 1
        });
        let term = self.terms.get_mut(k)?;
        let new: Vec<Vec<GLit>> = bodies
            .into_iter()
            .filter(|b| !term.bodies.contains(b))
            .collect();
        term.bodies.extend(new.iter().cloned());
        if !entry || new.is_empty() || term.entries.iter().any(|(c, _)| c.is_empty()) {
            return None;
        }
        if term.entries.is_empty() {
            let cond = condition(n, g, &new);
            term.entries.push((cond.clone(), None));
            return Some(cond);
        }
        let earlier: Vec<Literal> = term
            .entries
            .iter_mut()
            .map(|(cond, literal)| *literal.get_or_insert_with(|| conjunction(n, cond)))
            .collect();
        let aux = n.aux();
        for body in &new {
            let mut lits = n.lits(g, body);
            lits.extend(earlier.iter().map(|l| l.negate()));
            n.program.add_rule(HeadKind::Disjunction, vec![aux], lits);
        }
        let cond = vec![Literal::positive(aux)];
        term.entries
            .push((cond.clone(), Some(Literal::positive(aux))));
        Some(cond)
    }
}

/// One literal equivalent to the conjunction `lits` (itself when it has one literal).
fn conjunction(n: &mut Numbering, lits: &[Literal]) -> Literal {
    if let [only] = lits {
        return *only;
    }
    let aux = n.aux();
    n.program
        .add_rule(HeadKind::Disjunction, vec![aux], lits.to_vec());
    Literal::positive(aux)
}

/// The output condition of a term shown when one of `bodies` holds: one literal, as gringo
/// writes it (a conjunction or disjunction is an auxiliary atom). clasp projects `--project`
/// onto the output conditions as literals: `{q;r}. #show f : q, not r. #show -q/1.` has the
/// two projected answers {f} and {}, not the four of a projection onto the atoms q and r.
fn condition(n: &mut Numbering, g: &Grounder, bodies: &[Vec<GLit>]) -> Vec<Literal> {
    if bodies.iter().any(|b| b.is_empty()) {
        Vec::new()
    } else if let [only] = bodies {
        let lits = n.lits(g, only);
        vec![conjunction(n, &lits)]
    } else {
        vec![n.disjunction(g, bodies)]
    }
}

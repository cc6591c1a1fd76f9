//! Grounding the rules component by component (see `instantiate` for the round structure).
//!
//! A component of the rule graph is ground as its positive parts (`rulegraph`), one after
//! another, each to its own fixpoint: a part's rules are the members of `ground_component`,
//! its head predicates the component's. What gringo decides for the whole component stays
//! so: whether it depends negatively on itself (`unstratified`, read for negated body
//! aggregates by `keeps_negated_open` over all its predicates) and which body atoms are open
//! (`open_body`, those unifying with a head of any part). A negated atom unifying with a head
//! of the part being ground or of a later one is gringo's unstratified literal, kept open
//! (`negation_providers` with the part's position `Grounder::part`).
//!
//! # Invariants
//! - Components are processed dependencies first; when a component is done its predicates are
//!   marked complete, so negative literals and conditions over them are decided. A predicate
//!   no rule of this grounding derives is complete from the start (in multi-shot grounding:
//!   its atoms of earlier groundings are all it has).
//! - Plain facts (`p(1).`) are grounded first, in program order, as gringo puts its EDB into
//!   the domains first; a component's first semi-naive round treats the atoms already in its
//!   domains as new. Headless rules (constraints, weak constraints, `#show`, `#project`) are
//!   grounded last.

use crate::instantiate::domain::AtomId;
use crate::instantiate::wake::Watchers;
use crate::instantiate::{lit_size, Grounder, JoinPlan, Mode, Ranges, Stop};
use crate::normalize::rewrite::PlainFact;
use crate::normalize::rules::{Lit, Pred, Rule};
use crate::normalize::safety;
use crate::term::intern::Val;

/// Per-rule facts the component loop needs, for every rule, as flat lists (three arrays of
/// items and three of list starts for the whole program, not three vectors per rule).
struct RuleInfos {
    /// Per rule: predicate indexes of the head atoms.
    heads: Flat,
    /// Per rule: predicate indexes of every body atom and head condition atom.
    deps: Flat,
    /// Per rule: predicate indexes of atoms inside aggregates, conditional literals and head
    /// conditions.
    nested: Flat,
}

/// Lists of `u32`: list `i` is `items[starts[i]..starts[i + 1]]`.
#[derive(Default)]
struct Flat {
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Flat {
    /// Ends the list being filled (the items pushed since the last call).
    fn close(&mut self) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.starts.push(self.items.len() as u32);
    }

    /// List `i` (empty past the end).
    fn get(&self, i: usize) -> &[u32] {
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&from), Some(&to)) => self.items.get(from as usize..to as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

impl RuleInfos {
    fn new(g: &mut Grounder, rules: &[Rule]) -> RuleInfos {
        let mut infos = RuleInfos {
            heads: Flat::default(),
            deps: Flat::default(),
            nested: Flat::default(),
        };
        let mut atoms = Vec::new();
        for rule in rules {
            infos.push(g, rule, &mut atoms);
        }
        infos
    }

    /// Adds the lists of `rule` (`atoms`: a scratch buffer).
    fn push<'r>(
        &mut self,
        g: &mut Grounder,
        rule: &'r Rule,
        atoms: &mut Vec<(&'r crate::normalize::rules::AtomPat, bool)>,
    ) {
        for a in rule.head.each_atom() {
            self.heads.items.push(g.store.pred(a.pred));
        }
        for lit in &rule.body {
            atoms.clear();
            lit.atoms(atoms);
            let inner = matches!(lit, Lit::Agg(_) | Lit::Cond(_));
            for &(a, _) in atoms.iter() {
                let p = g.store.pred(a.pred);
                self.deps.items.push(p);
                if inner {
                    self.nested.items.push(p);
                }
            }
        }
        for cond in rule.head.conditions() {
            atoms.clear();
            cond.iter().for_each(|l| l.atoms(atoms));
            for &(a, _) in atoms.iter() {
                let p = g.store.pred(a.pred);
                self.deps.items.push(p);
                self.nested.items.push(p);
            }
        }
        self.heads.close();
        self.deps.close();
        self.nested.close();
    }
}

/// Grounds the plain facts (simple facts: ground atoms without body, see
/// `order::is_simple_fact`, and the facts taken out by the loader, `facts`) first, in program
/// order, as clingo does, and records them (see `Grounder::plain_facts`). The rules are
/// grounded again, to no effect, with their component.
fn ground_plain_facts(g: &mut Grounder, rules: &[Rule], facts: &[PlainFact]) -> Result<(), Stop> {
    let mut pending = facts.iter().peekable();
    for (i, rule) in rules.iter().enumerate() {
        if !crate::normalize::rules::is_simple_fact(rule) {
            continue;
        }
        while let Some(fact) = pending.next_if(|f| f.before as usize <= i) {
            plain_fact(g, fact.atom)?;
        }
        join_rule(g, rule, None, Mode::Emit)?;
    }
    for fact in pending {
        plain_fact(g, fact.atom)?;
    }
    g.plain_facts = (0..g.store.atoms.len() as u32)
        .map(AtomId)
        .filter(|&a| g.store.is_fact(a))
        .collect();
    Ok(())
}

/// Makes the atom `atom` (a function term) a fact, as grounding `atom.` would.
fn plain_fact(g: &mut Grounder, atom: Val) -> Result<(), Stop> {
    let Some(f) = g.table.as_fun(atom) else {
        return Ok(());
    };
    let pred = Pred {
        name: f.name,
        arity: f.args.len() as u32,
        negative: f.negative,
    };
    let pred = g.store.pred(pred);
    let a = g.store.atom(atom, pred);
    g.store.set_fact(g.table, a);
    g.tick()
}

/// For each disjunction (two or more head elements), the predicates its body depends on,
/// directly or through the rules defining them, sorted; empty for other rules. clingo grounds
/// those rules first, so their facts are known when it grounds the disjunction.
fn fact_scopes(rules: &[Rule], infos: &RuleInfos, preds: usize) -> Vec<Vec<u32>> {
    let is_disjunction =
        |r: &Rule| matches!(&r.head, crate::normalize::rules::Head::Disj(elems) if elems.len() > 1);
    if !rules.iter().any(is_disjunction) {
        return vec![Vec::new(); rules.len()];
    }
    let mut defining: Vec<Vec<usize>> = vec![Vec::new(); preds];
    for i in 0..rules.len() {
        for &h in infos.heads.get(i) {
            if let Some(list) = defining.get_mut(h as usize) {
                list.push(i);
            }
        }
    }
    let scope = |i: usize| {
        let mut seen = vec![false; preds];
        let mut stack = infos.deps.get(i).to_vec();
        while let Some(p) = stack.pop() {
            match seen.get_mut(p as usize) {
                Some(s) if !*s => *s = true,
                _ => continue,
            }
            for &j in defining.get(p as usize).map_or(&[][..], Vec::as_slice) {
                stack.extend_from_slice(infos.deps.get(j));
            }
        }
        (0..preds as u32)
            .filter(|&p| seen.get(p as usize) == Some(&true))
            .collect()
    };
    rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if is_disjunction(r) {
                scope(i)
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// Grounds every rule and the facts taken out by the loader.
pub(crate) fn ground_all(
    g: &mut Grounder,
    rules: &[Rule],
    facts: &[PlainFact],
) -> Result<(), Stop> {
    ground_plain_facts(g, rules, facts)?;
    let infos = RuleInfos::new(g, rules);
    crate::instantiate::recursion::positive_components(g, rules);
    g.find_open_predicates(rules);
    g.fact_scopes = fact_scopes(rules, &infos, g.store.preds.len());
    let mut remaining = vec![0u32; g.store.preds.len()];
    let counted = |r: &Rule| !crate::normalize::rules::is_simple_fact(r);
    for (i, _) in rules.iter().enumerate().filter(|(_, r)| counted(r)) {
        for &h in distinct(infos.heads.get(i)).iter() {
            if let Some(n) = remaining.get_mut(h as usize) {
                *n += 1;
            }
        }
    }
    // A predicate is complete when no rule of this grounding derives it (its atoms of earlier
    // groundings are all there is).
    for (p, domain) in g.store.preds.iter_mut().enumerate() {
        domain.complete = remaining.get(p) == Some(&0);
    }
    let table: &crate::term::intern::Interner = g.table;
    let comps = crate::plan::rulegraph::rule_components(table, rules, &|r| !counted(r));
    let mut index = LocalIndex::default();
    for (parts, recursive) in comps {
        let all: Vec<usize> = parts.iter().flatten().copied().collect();
        let scc_preds = head_preds(&infos, &all);
        // Only a rule that asks whether a domain is final (`Grounder::settled`) reads the
        // set; a component without one (a positive loop) does not build it.
        let asks = all.iter().any(|&i| rules.get(i).is_some_and(asks_settled));
        g.open_body = asks.then(|| crate::plan::rulegraph::open_body_atoms(g.table, rules, &all));
        g.negation_providers = match asks && recursive {
            true => {
                let nowhere = |a: &crate::normalize::rules::AtomPat| g.never_defined.contains(a);
                crate::plan::rulegraph::negation_providers(g.table, rules, &parts, &nowhere)
            }
            false => Default::default(),
        };
        let in_scc = |p: u32| scc_preds.binary_search(&p).is_ok();
        let unstratified = recursive && unstratified(g, rules, &all, &in_scc);
        for (part, members) in (0u32..).zip(parts) {
            g.part = part;
            let preds = head_preds(&infos, &members);
            for &i in &members {
                for &h in distinct(infos.heads.get(i)).iter() {
                    if let Some(n) = remaining.get_mut(h as usize) {
                        *n = n.saturating_sub(1);
                    }
                }
            }
            let done: Vec<u32> = preds
                .iter()
                .copied()
                .filter(|&p| remaining.get(p as usize) == Some(&0))
                .collect();
            index.set(&preds);
            let grounded = ground_component(
                g,
                rules,
                &infos,
                &members,
                (&preds, &done, &index),
                (&scc_preds, unstratified),
                recursive,
            );
            index.clear(&preds);
            grounded?;
            g.unstratified = false;
        }
    }
    g.open_body = None;
    g.negation_providers = Default::default();
    g.component_facts = None;
    for p in &mut g.store.preds {
        p.complete = true;
    }
    for (i, rule) in rules.iter().enumerate() {
        if rule.head.each_atom().next().is_none() {
            g.current_rule = Some(i);
            join_rule(g, rule, None, Mode::Emit)?;
        }
    }
    g.current_rule = None;
    Ok(())
}

/// The local index of each predicate of the component being ground, `NONE` for the others: a
/// table over every predicate, set for a component's predicates and cleared after it (so a
/// component costs its own size), instead of a binary search of the component's sorted
/// predicates per look-up (a million of them missed the cache on every look-up).
#[derive(Default)]
struct LocalIndex {
    /// Per predicate: its position in the component's sorted predicates, or `NONE`.
    of: Vec<u32>,
}

impl LocalIndex {
    const NONE: u32 = u32::MAX;

    /// Gives each of `preds` its position.
    fn set(&mut self, preds: &[u32]) {
        for (q, &p) in preds.iter().enumerate() {
            let p = p as usize;
            if self.of.len() <= p {
                self.of.resize(p + 1, Self::NONE);
            }
            if let Some(slot) = self.of.get_mut(p) {
                *slot = q as u32;
            }
        }
    }

    /// Takes the positions of `preds` back.
    fn clear(&mut self, preds: &[u32]) {
        for &p in preds {
            if let Some(slot) = self.of.get_mut(p as usize) {
                *slot = Self::NONE;
            }
        }
    }

    /// The position of predicate `p` in the component, if it is one of its predicates.
    fn get(&self, p: u32) -> Option<usize> {
        self.of
            .get(p as usize)
            .filter(|&&q| q != Self::NONE)
            .map(|&q| q as usize)
    }
}

/// Whether grounding `rule` may ask whether a domain is final (`Grounder::settled`): only a
/// negated atom or an aggregate does (`negative_candidates`, the aggregates' bounds); a rule
/// whose literals, head conditions included, are positive atoms, comparisons, intervals and
/// Booleans, under a disjunctive or choice head, never does.
fn asks_settled(rule: &Rule) -> bool {
    let simple = |l: &Lit| {
        matches!(
            l,
            Lit::Atom(crate::ast::Sign::None, _) | Lit::Cmp(..) | Lit::Range(..) | Lit::Bool(_)
        )
    };
    let plain_head = matches!(
        rule.head,
        crate::normalize::rules::Head::Disj(_) | crate::normalize::rules::Head::Choice { .. }
    );
    !plain_head
        || !rule.body.iter().all(simple)
        || !rule.head.conditions().all(|c| c.iter().all(simple))
}

/// The head predicates of the rules `members`, sorted, each once.
fn head_preds(infos: &RuleInfos, members: &[usize]) -> Vec<u32> {
    let mut preds: Vec<u32> = members
        .iter()
        .flat_map(|&i| infos.heads.get(i).iter().copied())
        .collect();
    preds.sort_unstable();
    preds.dedup();
    preds
}

/// The distinct entries of `list`, sorted (`list` itself when it is: a rule's one head).
fn distinct(list: &[u32]) -> std::borrow::Cow<'_, [u32]> {
    if list.windows(2).all(|pair| pair[0] < pair[1]) {
        return std::borrow::Cow::Borrowed(list);
    }
    let mut out = list.to_vec();
    out.sort_unstable();
    out.dedup();
    std::borrow::Cow::Owned(out)
}

/// Joins `rule` fully or with semi-naive ranges (`delta`: the recursive literal taking the
/// delta and each recursive literal's `(old, current)` sizes).
fn join_rule(
    g: &mut Grounder,
    rule: &Rule,
    ranges: Option<(&Ranges, usize)>,
    mode: Mode,
) -> Result<(), Stop> {
    let delta_lit = ranges.map(|(_, d)| d);
    let order = {
        let store = &g.store;
        let sizes = |l: &Lit| {
            let is_delta = delta_lit
                .and_then(|d| rule.body.get(d))
                .is_some_and(|d| std::ptr::eq(d, l));
            if is_delta {
                0
            } else {
                lit_size(store, l)
            }
        };
        let mut bound: safety::Bound = rule.params.iter().map(|p| p.var).collect();
        let (order, left) =
            safety::plan_from(&rule.body, delta_lit, &mut bound, &rule.globals, &sizes);
        if !left.is_empty() {
            return Ok(());
        }
        order
    };
    let mut binding = vec![None; rule.var_names.len()];
    for p in &rule.params {
        if let Some(slot) = binding.get_mut(p.var as usize) {
            *slot = Some(p.value);
        }
    }
    let plan = JoinPlan {
        lits: &rule.body,
        order: &order,
        ranges: ranges.map(|(r, _)| r),
        mode,
    };
    g.join(rule, plan, &mut binding, &mut |g, b, lits| {
        g.on_match(rule, mode, b, lits)
    })?;
    if mode == Mode::Emit && ranges.is_none() {
        // A rule grounded semi-naively reports after its component's fixpoint.
        g.report_ignored_tuples(rule)?;
        g.give_head_ignored();
    }
    Ok(())
}

/// Grounds the rules of one positive part of a component (heading `preds`) to its fixpoint;
/// `done` are the predicates complete afterwards (no rule left for them); `scc_preds`: the
/// whole component's head predicates, `unstratified`: whether it depends negatively on itself.
///
/// Each round re-joins only the rules with a recursive literal that may match an atom new in
/// the last round (`wake::Watchers`), in member order, and the deferred rules;
/// so a round's work is proportional to its delta, not to the component (a positive loop of
/// `n` rules needs `n` rounds).
fn ground_component(
    g: &mut Grounder,
    rules: &[Rule],
    infos: &RuleInfos,
    members: &[usize],
    (preds, done, index): (&[u32], &[u32], &LocalIndex),
    (scc_preds, unstratified): (&[u32], bool),
    recursive: bool,
) -> Result<(), Stop> {
    let in_scc = |p: u32| scc_preds.binary_search(&p).is_ok();
    // The component's predicates by local index (`index` is set for `preds`).
    let local = |p: u32| index.get(p);
    let in_comp = |p: u32| local(p).is_some();
    let deferred: Vec<bool> = members
        .iter()
        .map(|&i| infos.nested.get(i).iter().any(|&p| in_comp(p)))
        .collect();
    let mut rec_lits = Flat::default();
    for &i in members {
        recursive_literals(g, rules.get(i), &in_comp, &mut rec_lits);
    }
    let semi: Vec<bool> = (0..members.len())
        .map(|k| {
            recursive && !deferred.get(k).copied().unwrap_or(false) && !rec_lits.get(k).is_empty()
        })
        .collect();
    // Local predicate → the semi-naive members (by position) with a recursive literal over it.
    let mut lits = Vec::new();
    for k in 0..members.len() {
        if !semi.get(k).copied().unwrap_or(false) {
            continue;
        }
        let Some(rule) = members.get(k).and_then(|&i| rules.get(i)) else {
            continue;
        };
        for &lit in rec_lits.get(k) {
            if let Some(Lit::Atom(_, a)) = rule.body.get(lit as usize) {
                if let Some(q) = local(g.store.pred(a.pred)) {
                    lits.push((k as u32, a, q));
                }
            }
        }
    }
    let watchers = Watchers::new(preds.len(), lits.into_iter());
    // Per member: whether its negated body aggregates stay undecided (`Grounder::unstratified`).
    let open_negated: Vec<bool> = members
        .iter()
        .map(|&i| {
            unstratified
                && rules
                    .get(i)
                    .is_some_and(|r| keeps_negated_open(g, r, &in_scc))
        })
        .collect();
    g.component_facts = recursive.then(fxhash::FxHashSet::default);
    let deferred_members: Vec<u32> = (0..members.len() as u32)
        .filter(|&k| deferred.get(k as usize).copied().unwrap_or(false))
        .collect();
    // Atoms already in the domains (simple facts) are new to the first round.
    let mut sizes = Sizes {
        old: vec![0; preds.len()],
        cur: preds.iter().map(|&p| g.store.size(p)).collect(),
    };
    // The local predicates whose delta (`old..cur`) is not empty.
    let mut changed: Vec<usize> = (0..preds.len())
        .filter(|&q| sizes.cur.get(q).is_some_and(|&c| c > 0))
        .collect();
    let mut active: Vec<u32> = (0..members.len() as u32).collect();
    let mut touched: Vec<usize> = Vec::new();
    let mut round = 0;
    loop {
        // A round without candidates does not tick in the join: poll the interrupt here too.
        g.tick()?;
        for &k in &active {
            let k = k as usize;
            let Some(&i) = members.get(k) else { continue };
            let Some(rule) = rules.get(i) else { continue };
            g.current_rule = Some(i);
            g.unstratified = open_negated.get(k).copied().unwrap_or(false);
            if deferred.get(k).copied().unwrap_or(false) {
                join_rule(g, rule, None, Mode::Domain)?;
            } else if !semi.get(k).copied().unwrap_or(false) {
                if round == 0 {
                    join_rule(g, rule, None, Mode::Emit)?;
                }
            } else {
                semi_naive(g, rule, rec_lits.get(k), &local, &sizes)?;
            }
            touched.extend(infos.heads.get(i).iter().filter_map(|&p| local(p)));
        }
        if !recursive {
            break;
        }
        // The last round's delta is old now; the predicates that grew get a new delta.
        for &q in &changed {
            if let (Some(o), Some(&c)) = (sizes.old.get_mut(q), sizes.cur.get(q)) {
                *o = c;
            }
        }
        changed.clear();
        touched.sort_unstable();
        touched.dedup();
        for &q in &touched {
            let next = preds.get(q).map_or(0, |&p| g.store.size(p));
            if let Some(c) = sizes.cur.get_mut(q).filter(|c| **c != next) {
                if let Some(o) = sizes.old.get_mut(q) {
                    *o = *c;
                }
                *c = next;
                changed.push(q);
            }
        }
        touched.clear();
        if changed.is_empty() {
            break;
        }
        active.clear();
        active.extend_from_slice(&deferred_members);
        for &q in &changed {
            let delta = (
                sizes.old.get(q).copied().unwrap_or(0),
                sizes.cur.get(q).copied().unwrap_or(0),
            );
            let pred = preds.get(q).copied().unwrap_or(u32::MAX);
            watchers.wake(g, (q, pred), delta, &mut active);
        }
        active.sort_unstable();
        active.dedup();
        round += 1;
    }
    report_semi_naive(g, rules, members, &semi)?;
    for &p in done {
        if let Some(d) = g.store.preds.get_mut(p as usize) {
            d.complete = true;
        }
    }
    for &k in &deferred_members {
        if let Some(&i) = members.get(k as usize) {
            if let Some(rule) = rules.get(i) {
                g.current_rule = Some(i);
                g.unstratified = open_negated.get(k as usize).copied().unwrap_or(false);
                join_rule(g, rule, None, Mode::Emit)?;
            }
        }
    }
    Ok(())
}

/// The `tuple ignored` infos of the rules grounded semi-naively (`semi`, by member position),
/// given once their component reached its fixpoint.
fn report_semi_naive(
    g: &mut Grounder,
    rules: &[Rule],
    members: &[usize],
    semi: &[bool],
) -> Result<(), Stop> {
    for (&i, _) in members.iter().zip(semi).filter(|(_, &s)| s) {
        if let Some(rule) = rules.get(i) {
            g.current_rule = Some(i);
            g.report_ignored_tuples(rule)?;
            g.give_head_ignored();
        }
    }
    Ok(())
}

/// The sizes of a component's predicates (by local index) at the start of the last round
/// (`old`) and of this one (`cur`): `old..cur` is a predicate's delta.
struct Sizes {
    old: Vec<u32>,
    cur: Vec<u32>,
}

/// Indexes of the positive body atoms of `rule` over the component.
/// Whether a rule of the component depends negatively (under `not`, in a negated aggregate)
/// on a predicate of the component.
fn unstratified(
    g: &mut Grounder,
    rules: &[Rule],
    members: &[usize],
    in_comp: &dyn Fn(u32) -> bool,
) -> bool {
    let mut negative = Vec::new();
    for rule in members.iter().filter_map(|&i| rules.get(i)) {
        let conditions = rule.head.conditions().flatten();
        for lit in rule.body.iter().chain(conditions) {
            let negated = matches!(lit, Lit::Agg(agg) if agg.sign != crate::ast::Sign::None);
            let mut atoms = Vec::new();
            lit.atoms(&mut atoms);
            negative.extend(
                atoms
                    .into_iter()
                    .filter(|&(_, positive)| negated || !positive)
                    .map(|(a, _)| a.pred),
            );
        }
    }
    negative.into_iter().any(|p| in_comp(g.store.pred(p)))
}

/// Whether gringo leaves the negated body aggregates of `rule`, a member of a component that
/// depends negatively on itself, undecided: when some body literal of the rule over the
/// component is positive or ground (`{a} :- not 4 >= #count { 2 : p(W) }, not c(1). c(1) :- a.`
/// keeps `a` possible), or lies in a body aggregate (kept undecided as before, not probed
/// further). When every one is a non-ground negative literal, also inside a body conditional
/// literal (`not c(X)`, `not not c(X)`, `not not c(X) :`), gringo decides the aggregate as in
/// a stratified component (clingo 5.8.3 prints no level for `a` then). The head's conditions
/// do not count: gringo accumulates a body aggregate under the rule's body only, so
/// `{ s; a : r(1) } :- not not 5 <= #count { 1 : p }. r(1) :- not a.` drops the rule (no
/// element, `5 <= 0` fails) and prints no level for `:~ s.` (7 probes against clingo 5.8.3:
/// choice, disjunction and head aggregate conditions, positive and negative).
fn keeps_negated_open(g: &mut Grounder, rule: &Rule, in_comp: &dyn Fn(u32) -> bool) -> bool {
    let ground = |a: &crate::normalize::rules::AtomPat| {
        a.args
            .iter()
            .all(|t| matches!(t, crate::term::eval::T::Val(_)))
    };
    let mut atoms = Vec::new();
    let nested_over_comp = |g: &mut Grounder, lits: &[Lit]| {
        let mut atoms = Vec::new();
        lits.iter().for_each(|l| l.atoms(&mut atoms));
        atoms.iter().any(|(a, _)| in_comp(g.store.pred(a.pred)))
    };
    for lit in &rule.body {
        if matches!(lit, Lit::Agg(_)) {
            if nested_over_comp(g, std::slice::from_ref(lit)) {
                return true;
            }
            continue;
        }
        atoms.clear();
        lit.atoms(&mut atoms);
        let open = atoms
            .iter()
            .any(|&(a, positive)| in_comp(g.store.pred(a.pred)) && (positive || ground(a)));
        if open {
            return true;
        }
    }
    false
}

fn recursive_literals(
    g: &mut Grounder,
    rule: Option<&Rule>,
    in_comp: &dyn Fn(u32) -> bool,
    out: &mut Flat,
) {
    for (i, lit) in rule.iter().flat_map(|r| r.body.iter().enumerate()) {
        if let Lit::Atom(crate::ast::Sign::None, a) = lit {
            if in_comp(g.store.pred(a.pred)) {
                out.items.push(i as u32);
            }
        }
    }
    out.close();
}

/// One semi-naive round of `rule`: one join per recursive literal taking the delta.
fn semi_naive(
    g: &mut Grounder,
    rule: &Rule,
    recs: &[u32],
    local: &dyn Fn(u32) -> Option<usize>,
    sizes: &Sizes,
) -> Result<(), Stop> {
    let sizes_of = |g: &mut Grounder, lit: u32| -> (u32, u32) {
        let Some(Lit::Atom(_, a)) = rule.body.get(lit as usize) else {
            return (0, 0);
        };
        let k = local(g.store.pred(a.pred));
        let o = k.and_then(|k| sizes.old.get(k)).copied().unwrap_or(0);
        let c = k.and_then(|k| sizes.cur.get(k)).copied().unwrap_or(0);
        (o, c)
    };
    for (k, &delta) in recs.iter().enumerate() {
        let (o, c) = sizes_of(g, delta);
        if o >= c {
            continue;
        }
        let mut ranges: Ranges = vec![(0, u32::MAX); rule.body.len()];
        for (j, &lit) in recs.iter().enumerate() {
            let (o, c) = sizes_of(g, lit);
            let range = match j.cmp(&k) {
                std::cmp::Ordering::Less => (0, o),
                std::cmp::Ordering::Equal => (o, c),
                std::cmp::Ordering::Greater => (0, c),
            };
            if let Some(slot) = ranges.get_mut(lit as usize) {
                *slot = range;
            }
        }
        join_rule(g, rule, Some((&ranges, delta as usize)), Mode::Emit)?;
    }
    Ok(())
}

//! Body conditional literals `l : c`: the conjunction over the condition's instances (see the
//! module doc of `aggregate`).

use fxhash::FxHashMap;

use super::Tri;
use crate::ast::Sign;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GLit, Grounder, Mode, Stop};
use crate::normalize::rules::{AtomPat, CondAlt, CondLit, Lit, Rule};
use crate::normalize::safety::lit_vars;
use crate::term::eval::Binding;
use crate::term::intern::Val;

impl Grounder<'_> {
    /// A body conditional literal: the literals of its conjunction, `None` when false.
    pub(crate) fn conditional(
        &mut self,
        rule: &Rule,
        c: &CondLit,
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Option<Vec<GLit>>, Stop> {
        if mode == Mode::Domain {
            let possible = self.conditional_possible(rule, c, binding)?;
            return Ok(possible.then(Vec::new));
        }
        let mut instances: Vec<(Tri, Vec<GLit>)> = Vec::new();
        let mut keys: Vec<Vec<Option<Val>>> = Vec::new();
        let alt_lits: Vec<Lit> = c.alts.iter().map(|a| a.lit.clone()).collect();
        let cond_recursive = self.condition_recursive(rule, &c.cond);
        let recursive = cond_recursive && self.condition_recursive(rule, &alt_lits);
        let key_vars = element_key_vars(c);
        // gringo groups a disjunction element's instances too, but writes them otherwise (no
        // `c_1 | c_2 | .. :- k.`, which would give an external condition atom a rule: full
        // seed 52006): one moved into the body from a disjunction keeps its instances apart.
        let grouped = !moved_from_head(rule, c);
        self.sub_join(rule, &c.cond, binding, mode, &mut |g, b, lits| {
            // A condition with a literal and its complement never holds (gringo drops it).
            if lits.iter().any(|l| lits.contains(&l.negate())) {
                return Ok(());
            }
            let tri = match c.alts.as_slice() {
                [CondAlt { lit, local }] if local.is_empty() => match lit {
                    Lit::Atom(Sign::None, pat) if !pat.args.iter().all(|t| t.is_bound(b)) => {
                        g.existential_tri(rule, lit, b)?
                    }
                    _ => g.simple_tri(rule, lit, b)?,
                },
                alts => g.alternatives_tri(rule, alts, b)?,
            };
            instances.push((tri, lits.to_vec()));
            keys.push(
                key_vars
                    .iter()
                    .map(|&v| b.get(v as usize).copied().flatten())
                    .collect(),
            );
            Ok(())
        })?;
        let required = required_literals(&instances);
        let mut conj_lits = Vec::new();
        for element in group_elements(instances, keys, &required, grouped) {
            let lits = match element {
                Element::Instance(tri, cond) => self.conditional_instance(tri, &cond, recursive)?,
                Element::Grouped(tri, conds) => {
                    Some(self.grouped_element(tri, &conds, cond_recursive)?)
                }
            };
            match lits {
                Some(lits) => conj_lits.extend(lits),
                None => return Ok(None),
            }
        }
        if conj_lits.is_empty() && self.condition_recursive(rule, &c.cond) {
            // gringo's conjunction over a recursive condition is never a fact (its rule's head
            // is not one either): true, but through an atom. Over a certain condition, one
            // whose literals are facts is a fact (`p :- q(3) : dom(W).` with `q(3)` derived).
            return Ok(Some(vec![GLit::pos(self.certain_conjunction()?)]));
        }
        if conj_lits.is_empty() || !self.conjunction_accumulated(rule, c) {
            return Ok(Some(conj_lits));
        }
        Ok(Some(vec![GLit::pos(self.delayed_conjunction(conj_lits)?)]))
    }

    /// gringo's `#delayed` atom of a conjunction still accumulated while its rule is grounded
    /// (see `recursion::Grounder::conjunction_accumulated`): `d :- lits.`, one `d` for the
    /// same literals. clasp reads `r | a :- d. d :- not a.` differently from
    /// `r | a :- not a.`, where it drops `a` from the head at once.
    fn delayed_conjunction(&mut self, lits: Vec<GLit>) -> Result<AtomId, Stop> {
        if let Some(&d) = self.delayed_conjunctions.get(&lits) {
            return Ok(d);
        }
        let d = self.define_aux(vec![lits.clone()])?;
        self.delayed_conjunctions.insert(lits, d);
        Ok(d)
    }

    /// The disjunction of the alternatives of a conditional literal's instance, each over the
    /// solutions of its local literals (`p(X..X+1) : q(X)` with `q(1)` is `p(1) | p(2)`).
    fn alternatives_tri(
        &mut self,
        rule: &Rule,
        alts: &[CondAlt],
        binding: &mut Binding,
    ) -> Result<Tri, Stop> {
        let mut disjuncts: Vec<Vec<GLit>> = Vec::new();
        let mut certain = false;
        for a in alts {
            let mut lits = a.local.clone();
            lits.push(a.lit.clone());
            self.sub_join(rule, &lits, binding, Mode::Emit, &mut |_, _, l| {
                if l.is_empty() {
                    certain = true;
                } else {
                    disjuncts.push(l.to_vec());
                }
                Ok(())
            })?;
            if certain {
                return Ok(Tri::True);
            }
        }
        match disjuncts.len() {
            0 => Ok(Tri::False),
            1 => Ok(Tri::Lits(disjuncts.pop().unwrap_or_default())),
            _ => Ok(Tri::Lits(vec![self.disj_lit(disjuncts)?])),
        }
    }

    /// In `Mode::Domain`: whether a body conditional literal `l : c` can hold given the atoms
    /// derived so far. It cannot when an instance with a certain condition has no alternative
    /// that can hold (see [`Self::alternative_possible`]): gringo leaves such a conjunction
    /// undefined (`p :- q(X) : r(X).` with the fact `r(2)` derives `p` only once `q(2)` is
    /// derivable; `p :- q(X;1) : r(X).` needs `q(2)` or `q(1)`).
    pub(super) fn conditional_possible(
        &mut self,
        rule: &Rule,
        c: &CondLit,
        binding: &mut Binding,
    ) -> Result<bool, Stop> {
        let from_head = moved_from_head(rule, c);
        let mut blocked = false;
        self.sub_join(rule, &c.cond, binding, Mode::Domain, &mut |g, b, lits| {
            if lits.is_empty() && !blocked {
                let mut possible = false;
                for alt in &c.alts {
                    if g.alternative_possible(rule, alt, b, from_head)? {
                        possible = true;
                        break;
                    }
                }
                blocked = !possible;
            }
            Ok(())
        })?;
        Ok(!blocked)
    }

    /// Whether one alternative of an instance of a conditional literal can hold: one with
    /// local literals when its literal can for some solution of them (`s(2..3) :` needs `s(2)`
    /// or `s(3)`), one with unbound arguments always may; an atom once it is derivable, `not`
    /// an atom unless it is a fact or has an undefined term (gringo drops the instance's
    /// literal as false), `not not` an atom unless it is in no domain and no head defines it
    /// or its predicate is complete (`Self::pred_complete`; gringo drops it). A `not not a : c`
    /// moved from a head `.. ; not a : c` (see `negheads`) may hold regardless: gringo grounds
    /// that head's instances though a missing `a` satisfies them, so the other head atoms
    /// enter the domain.
    fn alternative_possible(
        &mut self,
        rule: &Rule,
        alt: &CondAlt,
        binding: &mut Binding,
        from_head: bool,
    ) -> Result<bool, Stop> {
        if !alt.local.is_empty() {
            let bare = CondAlt {
                lit: alt.lit.clone(),
                local: Vec::new(),
            };
            let mut possible = false;
            self.sub_join(
                rule,
                &alt.local,
                binding,
                Mode::Domain,
                &mut |g, b, lits| {
                    possible = possible
                        || !lits.is_empty()
                        || g.literal_possible(rule, &bare, b, from_head)?;
                    Ok(())
                },
            )?;
            return Ok(possible);
        }
        self.literal_possible(rule, alt, binding, from_head)
    }

    /// [`Self::alternative_possible`] for an alternative without local literals. A ground
    /// comparison is evaluated; an atom with an undefined term never holds, nor does `not`
    /// or `not not` it (gringo drops the literal as false).
    fn literal_possible(
        &mut self,
        rule: &Rule,
        alt: &CondAlt,
        binding: &Binding,
        from_head: bool,
    ) -> Result<bool, Stop> {
        let (sign, pat) = match &alt.lit {
            Lit::Atom(sign, pat) => (sign, pat),
            Lit::Bool(holds) => return Ok(*holds),
            Lit::Cmp(_, l, r) if l.is_bound(binding) && r.is_bound(binding) => {
                return Ok(self.simple_tri(rule, &alt.lit, binding)? != Tri::False);
            }
            _ => return Ok(true),
        };
        if !pat.args.iter().all(|t| t.is_bound(binding)) {
            return Ok(true);
        }
        if self.pattern_value(rule, pat, binding).is_none() {
            return Ok(false);
        }
        Ok(match sign {
            Sign::Not => !self.known_fact(rule, pat, binding),
            Sign::NotNot => {
                from_head
                    || self.possibly_derived(rule, pat, binding)
                    || !(self.never_defined.contains(pat) || self.pred_complete(pat))
            }
            Sign::None => self.possibly_derived(rule, pat, binding),
        })
    }

    /// Whether the ground atom of `pat` under `binding` is a fact already.
    fn known_fact(&mut self, rule: &Rule, pat: &AtomPat, binding: &Binding) -> bool {
        let Some(val) = self.pattern_value(rule, pat, binding) else {
            return false;
        };
        self.store.find(val).is_some_and(|a| self.store.is_fact(a))
    }

    /// Whether the ground atom of `pat` under `binding` is in its domain (without creating
    /// the atom); an undefined term counts as derivable (`Mode::Emit` decides that instance).
    pub(super) fn possibly_derived(
        &mut self,
        rule: &Rule,
        pat: &AtomPat,
        binding: &Binding,
    ) -> bool {
        let Some(val) = self.pattern_value(rule, pat, binding) else {
            return true;
        };
        self.store
            .find(val)
            .and_then(|a| self.store.info(a))
            .is_some_and(|i| i.in_domain || i.fact)
    }

    /// The ground atom of `pat` under `binding` as a value (`None` when a term is undefined).
    fn pattern_value(&mut self, rule: &Rule, pat: &AtomPat, binding: &Binding) -> Option<Val> {
        let mut args = Vec::with_capacity(pat.args.len());
        for t in &pat.args {
            args.push(self.eval_term(rule, t, binding)?);
        }
        Some(self.table.fun(pat.pred.name, pat.pred.negative, &args))
    }

    /// The literals one instance `l : cond` of a conditional literal adds to the conjunction
    /// (`None`: it is false); `recursive`: the condition depends on the rule's head.
    ///
    /// An instance whose `l` is among its own condition's literals (`r(1) : r(1)`) holds in
    /// every model, but like gringo it keeps its stand-in (`x :- r(1). x :- not r(1).`):
    /// clasp's preprocessing does not settle it, so under a projection the consequence
    /// models do not show what it derives (`v :- r(W) : r(W).` with `{r(1)}.` shows no `v`).
    pub(super) fn conditional_instance(
        &mut self,
        tri: Tri,
        cond: &[GLit],
        recursive: bool,
    ) -> Result<Option<Vec<GLit>>, Stop> {
        if let (Tri::False, [c]) = (&tri, cond) {
            if !c.positive {
                // gringo writes the complement of a negative condition itself, no stand-in:
                // `s : not not q` (no `s`) is `not q`, `s : not q` is `not not q`.
                return Ok(Some(vec![self.complement_of_negative(*c)?]));
            }
        }
        // `x :- not c_i.` for each `c_i`; for `c_i = not e` that is `x :- not not e.`, never
        // `x :- e.`, which would let `e` support itself through `x` when `e` depends on `x`.
        let mut bodies: Vec<Vec<GLit>> = Vec::with_capacity(cond.len() + 1);
        for c in cond {
            bodies.push(vec![self.not_not(c.negate())?]);
        }
        let mut implication = None;
        match (tri, cond.is_empty()) {
            (Tri::True, _) => return Ok(Some(Vec::new())),
            (Tri::False, true) => return Ok(None),
            (Tri::Lits(l), true) => return Ok(Some(l)),
            (Tri::False, false) => {}
            (Tri::Lits(l), false) => {
                if recursive {
                    implication = Some(l.clone());
                }
                bodies.push(l);
            }
        }
        let x = self.define_aux(bodies)?;
        if let Some(l) = implication {
            self.implication_support(x, cond, &l)?;
        }
        Ok(Some(vec![GLit::pos(x)]))
    }
}

/// One element of a body conditional literal (see `cond_element`): a single instance
/// `(literal, condition)`, or a literal with at least two uncertain conditions.
enum Element {
    Instance(Tri, Vec<GLit>),
    Grouped(Tri, Vec<Vec<GLit>>),
}

/// The variables that key gringo's elements: those of the literal's alternatives that its
/// condition binds (the literal's own local variables; the global ones are fixed).
fn element_key_vars(c: &CondLit) -> Vec<u32> {
    let mut cond_vars = Vec::new();
    c.cond.iter().for_each(|l| lit_vars(l, &mut cond_vars));
    let mut vars = Vec::new();
    for a in &c.alts {
        lit_vars(&a.lit, &mut vars);
        a.local.iter().for_each(|l| lit_vars(l, &mut vars));
    }
    vars.retain(|v| cond_vars.contains(v));
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// Whether `c` is a disjunct of the rule's head moved into its body (see `negheads`).
fn moved_from_head(rule: &Rule, c: &CondLit) -> bool {
    rule.body
        .get(..rule.head_lits)
        .is_some_and(|moved| moved.iter().any(|l| matches!(l, Lit::Cond(m) if **m == *c)))
}

/// The instances grouped into elements by their keys (each its own element unless
/// `grouped`), in the order of each key's first instance; instances implied by a certain one
/// (see [`implied_by`]) are left out, and the duplicate conditions of an element count once.
fn group_elements(
    instances: Vec<(Tri, Vec<GLit>)>,
    keys: Vec<Vec<Option<Val>>>,
    required: &[GLit],
    grouped: bool,
) -> Vec<Element> {
    let mut order: Vec<(Tri, Vec<Vec<GLit>>)> = Vec::new();
    let mut index: FxHashMap<Vec<Option<Val>>, usize> = FxHashMap::default();
    for ((tri, cond), key) in instances.into_iter().zip(keys) {
        if implied_by(&tri, &cond, required) {
            continue;
        }
        if cond.is_empty() || !grouped {
            order.push((tri, vec![cond]));
            continue;
        }
        match index.get(&key) {
            Some(&i) if !order[i].1.contains(&cond) => order[i].1.push(cond),
            Some(_) => {}
            None => {
                index.insert(key, order.len());
                order.push((tri, vec![cond]));
            }
        }
    }
    order
        .into_iter()
        .map(|(tri, mut conds)| match conds.len() {
            1 => Element::Instance(tri, conds.pop().unwrap_or_default()),
            _ => Element::Grouped(tri, conds),
        })
        .collect()
}

/// The literals the instances with a certain condition require, sorted (looked up by binary
/// search, so a conditional literal with many instances of both kinds stays near-linear).
fn required_literals(instances: &[(Tri, Vec<GLit>)]) -> Vec<GLit> {
    let certain = instances.iter().filter(|(_, cond)| cond.is_empty());
    let lits = certain.filter_map(|(tri, _)| match tri {
        Tri::Lits(l) => Some(l.iter().copied()),
        _ => None,
    });
    let mut required: Vec<GLit> = lits.flatten().collect();
    required.sort_unstable();
    required.dedup();
    required
}

/// Whether an instance under an uncertain condition only asks for literals that an instance
/// under a certain condition requires already (`p :- b : q(W).` with the fact `q(2)` and a
/// possible `q(3)` is `p :- b.`, as gringo writes it): its implication `c -> l` holds whenever
/// the conjunction does.
fn implied_by(tri: &Tri, cond: &[GLit], required: &[GLit]) -> bool {
    match tri {
        Tri::Lits(l) if !cond.is_empty() => l.iter().all(|x| required.binary_search(x).is_ok()),
        _ => false,
    }
}

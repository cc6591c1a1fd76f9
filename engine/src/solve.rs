//! [`SolveHandle`]: a search as an iterator over [`Model`]s, with a [`Summary`] at the end.
//!
//! The handle shares the control's persistent solver (its solve call) and a shared reference to the ground program's symbol tables;
//! each model the solver reports is translated into symbols (the shown ones, in the order of
//! the program's outputs) when it is produced. The model limit, the exhaustion of the search
//! space and the times clingo's summary prints are the solver's (see `solver_core::Summary`).
//!
//! # Invariants
//! - Once `done` is set, `next` returns `None` for ever and `summary` is final.

use std::sync::Arc;

use grounder::Symbol;
use solver_core::{Atom, EnumMode, Literal, SolveOptions, Summary};

use crate::backend::{Search, SharedShot};
use crate::ground::Ground;
use crate::Error;

/// What a model stands for.
///
/// ```
/// use engine::{Control, EnumMode, ModelKind};
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.options_mut().enum_mode = EnumMode::Brave;
/// ctl.add("base", "a | b.")?;
/// ctl.ground()?;
/// let last = ctl.solve()?.last().unwrap();
/// assert_eq!((last.kind(), last.shown_names()), (ModelKind::Brave, vec!["a".into(), "b".into()]));
/// # Ok(()) }
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModelKind {
    /// A stable model.
    Answer,
    /// The union of the models so far (brave consequences).
    Brave,
    /// The intersection of the models so far (cautious consequences).
    Cautious,
}

/// One answer of a search.
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.add("base", "p(1). { q }.")?;
/// ctl.ground()?;
/// let model = ctl.solve()?.next().unwrap();
/// assert_eq!((model.number(), model.shown_names()), (1, vec!["p(1)".to_string()]));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug)]
pub struct Model {
    number: u64,
    kind: ModelKind,
    true_atoms: Vec<Atom>,
    shown: Vec<usize>,
    costs: Vec<i64>,
    optimal: bool,
    /// The solver's consequence bounds over the tracked atoms (brave/cautious only).
    consequences: Option<(u64, u64)>,
    ground: Arc<Ground>,
}

impl Model {
    /// clingo's `Answer: N` (optN numbers the optimal models from 1 again).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.map(|m| m.number()).collect::<Vec<_>>(), [1, 2, 3, 4]);
    /// # Ok(()) }
    /// ```
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Whether this is a stable model or a consequence approximation.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().enum_mode = engine::EnumMode::Cautious;
    /// ctl.add("base", "a. b | c.")?;
    /// ctl.ground()?;
    /// let last = ctl.solve()?.last().unwrap();
    /// assert_eq!((last.kind(), last.shown_names()), (engine::ModelKind::Cautious, vec!["a".into()]));
    /// # Ok(()) }
    /// ```
    pub fn kind(&self) -> ModelKind {
        self.kind
    }

    /// The shown symbols, in clingo's printing order (facts first, then by atom number).
    ///
    /// ```
    /// use engine::{Control, Symbol};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "p(2). q(X+1) :- p(X). #show q/1.")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().unwrap();
    /// assert_eq!(model.symbols(), [Symbol::function("q", vec![Symbol::Number(3)])]);
    /// # Ok(()) }
    /// ```
    pub fn symbols(&self) -> Vec<Symbol> {
        self.shown
            .iter()
            .filter_map(|&i| self.ground.symbols.shown(i))
            .collect()
    }

    /// The number of shown atoms.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(1..4). #show p/1.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_len(), 4);
    /// # Ok(()) }
    /// ```
    pub fn shown_len(&self) -> usize {
        self.shown.len()
    }

    /// The shown atoms as clingo prints them (`#show` terms included).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. #show. #show \"x y\" : a. #show (a,1) : a.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["(a,1)", "\"x y\""]);
    /// # Ok(()) }
    /// ```
    pub fn shown_names(&self) -> Vec<String> {
        self.shown
            .iter()
            .filter_map(|&i| self.ground.program.outputs.get(i).map(|o| o.name.clone()))
            .collect()
    }

    /// Every true atom that has a symbol, in the symbol order, shown or not.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "b. a :- b. #show.")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().unwrap();
    /// assert_eq!(model.shown_len(), 0);
    /// assert_eq!(model.atoms().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a", "b"]);
    /// # Ok(()) }
    /// ```
    pub fn atoms(&self) -> Vec<Symbol> {
        let mut symbols: Vec<Symbol> = self
            .true_atoms
            .iter()
            .filter_map(|a| self.ground.symbols.atom(a.index()))
            .collect();
        symbols.sort();
        symbols
    }

    /// The true atoms of the ground program ([`crate::Control::ground_program`]), ascending;
    /// for brave/cautious models, the current consequences. This is what an independent
    /// checker such as `solver_core::check::check_model` takes.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }. b :- a. :- not b.")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().unwrap();
    /// let a = ctl.symbolic_atoms().find(&engine::parse_term("a").unwrap()).unwrap().atom();
    /// assert!(model.true_atoms().contains(&a) && model.true_atoms().len() == 2);
    /// # Ok(()) }
    /// ```
    pub fn true_atoms(&self) -> &[Atom] {
        &self.true_atoms
    }

    /// Whether `symbol` is a true atom of this model.
    ///
    /// ```
    /// use engine::parse_term;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(1). q :- p(2). #show.")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().unwrap();
    /// assert!(model.contains(&parse_term("p(1)").unwrap()));
    /// assert!(!model.contains(&parse_term("q").unwrap()));
    /// # Ok(()) }
    /// ```
    pub fn contains(&self, symbol: &Symbol) -> bool {
        self.ground
            .atom_of(symbol)
            .is_some_and(|a| self.true_atoms.binary_search(&a).is_ok())
    }

    /// Whether the program literal `literal` holds in this model (clingo's `Model.is_true`):
    /// a positive literal when its atom is true, a negative one when it is false. For
    /// brave/cautious models, in the consequences so far.
    ///
    /// ```
    /// use engine::{parse_term, Literal};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. { b }. :- b.")?;
    /// ctl.ground()?;
    /// let atom = |s: &str| ctl.symbolic_atoms().find(&parse_term(s).unwrap()).unwrap().atom();
    /// let (a, b) = (atom("a"), atom("b"));
    /// let model = ctl.solve()?.next().unwrap();
    /// assert!(model.is_true(Literal::positive(a)) && !model.is_true(Literal::negative(a)));
    /// assert!(model.is_true(Literal::negative(b)) && !model.is_true(Literal::positive(b)));
    /// # Ok(()) }
    /// ```
    pub fn is_true(&self, literal: Literal) -> bool {
        holds(&self.true_atoms, literal)
    }

    /// Costs per priority level, highest first (empty without minimize statements).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "1 { a; b } 1. :~ a. [3@2] :~ b. [1@1]")?;
    /// ctl.ground()?;
    /// let best = ctl.solve()?.last().unwrap();
    /// assert_eq!((best.shown_names(), best.costs()), (vec!["b".to_string()], &[0, 1][..]));
    /// # Ok(()) }
    /// ```
    pub fn costs(&self) -> &[i64] {
        &self.costs
    }

    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` after this model. Brave:
    /// `lower` counts the shown atoms in the union so far, `upper` adds those not yet false
    /// before the first decision; cautious: `upper` counts the intersection so far, `lower`
    /// those of it already true before the first decision (clasp's reading). Shown facts
    /// count in both, unless the program has a projection of its own (`#project`): then the
    /// bounds range over the projected atoms only.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().enum_mode = engine::EnumMode::Brave;
    /// ctl.add("base", "a. b | c.")?;
    /// ctl.ground()?;
    /// let bounds: Vec<_> = ctl.solve()?.map(|m| m.consequence_bounds().unwrap()).collect();
    /// assert_eq!(bounds, [(2, 3), (3, 3)]);
    /// # Ok(()) }
    /// ```
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        let (lower, upper) = self.consequences?;
        if self.ground.projection_statement {
            return Some((lower, upper));
        }
        let outputs = &self.ground.program.outputs;
        let facts = outputs.iter().filter(|o| o.condition.is_empty()).count() as u64;
        Some((lower + facts, upper + facts))
    }

    /// Brave/cautious only: the number of consequences this model stands for (clingo's
    /// final `Consequences : N`): the shown atoms, or under a projection of the program's own
    /// the projected atoms in the approximation (see [`Model::consequence_bounds`]).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().enum_mode = engine::EnumMode::Cautious;
    /// ctl.add("base", "a. b | c.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.last().unwrap().consequence_count(), Some(1));
    /// # Ok(()) }
    /// ```
    pub fn consequence_count(&self) -> Option<u64> {
        let (lower, upper) = self.consequence_bounds()?;
        Some(match (self.ground.projection_statement, self.kind) {
            (false, _) => self.shown_len() as u64,
            (true, ModelKind::Cautious) => upper,
            (true, _) => lower,
        })
    }

    /// Whether the model is known to be optimal.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().opt_mode = engine::OptMode::OptN;
    /// ctl.add("base", "1 { a; b; c } 1. :~ a. [1] :~ b. [1]")?;
    /// ctl.ground()?;
    /// let optimal: Vec<_> = ctl.solve()?.filter(|m| m.is_optimal()).map(|m| m.shown_names()).collect();
    /// assert_eq!(optimal, [["c"]]);
    /// # Ok(()) }
    /// ```
    pub fn is_optimal(&self) -> bool {
        self.optimal
    }
}

/// A running search: an iterator over models.
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.options_mut().models = Some(0);
/// ctl.add("base", "1 { p(1..3) } 1.")?;
/// ctl.ground()?;
/// let mut handle = ctl.solve()?;
/// let mut models: Vec<Vec<String>> = handle.by_ref().map(|m| m.shown_names()).collect();
/// models.sort();
/// assert_eq!(models, [["p(1)"], ["p(2)"], ["p(3)"]]);
/// assert_eq!(handle.summary().models, 3);
/// # Ok(()) }
/// ```
pub struct SolveHandle {
    search: Search,
    ground: Arc<Ground>,
    kind: ModelKind,
    done: bool,
}

impl std::fmt::Debug for SolveHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveHandle")
            .field("done", &self.done)
            .finish()
    }
}

impl SolveHandle {
    pub(crate) fn start(
        ground: Arc<Ground>,
        shot: &SharedShot,
        assumptions: &[Literal],
        options: SolveOptions,
    ) -> Result<SolveHandle, Error> {
        let kind = match options.enum_mode {
            EnumMode::Brave => ModelKind::Brave,
            EnumMode::Cautious => ModelKind::Cautious,
            _ => ModelKind::Answer,
        };
        let search = Search::start(shot, assumptions, options).map_err(Error::Solve)?;
        // Made here, not at the first model: reporting a model does not poll the interrupt,
        // and on a large program this is the longest step of it (issue 15).
        ground.print_order();
        Ok(SolveHandle {
            search,
            ground,
            kind,
            done: false,
        })
    }

    /// Runs the search to its end (dropping the remaining models) and tells how it ended.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b }. :- a, b.")?;
    /// ctl.ground()?;
    /// let summary = ctl.solve()?.summary();
    /// assert_eq!((summary.satisfiable, summary.models, summary.exhausted), (Some(true), 3, true));
    /// # Ok(()) }
    /// ```
    pub fn summary(&mut self) -> Summary {
        while self.next().is_some() {}
        self.search.summary()
    }

    /// Stops the search where it stands (no more models) and tells how it stands: the
    /// summary of a search a caller ended early (`exhausted` false, unless it was over).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b; c }.")?;
    /// ctl.ground()?;
    /// let mut handle = ctl.solve()?;
    /// assert!(handle.next().is_some());
    /// let summary = handle.cancel();
    /// assert_eq!((summary.models, summary.exhausted), (1, false));
    /// assert!(handle.next().is_none());
    /// # Ok(()) }
    /// ```
    pub fn cancel(&mut self) -> Summary {
        self.done = true;
        self.search.summary()
    }

    /// Runs the search to its end and, if it proved that the assumptions have no model,
    /// returns clingo's `handle.core()` as clasp computes it (see `MultiShot::core`): the
    /// assumptions up to the one at whose level the search failed that were assumed as
    /// decisions, and the one found false, in the order given; empty when the program has
    /// no model at all. Not necessarily minimal, but without a model itself. `None` after a
    /// model, or once another call, a grounding or an external's assignment ended this
    /// search. (An atom the program does not have, assumed true, is assumed as atom 1 and
    /// its negation.)
    ///
    /// ```
    /// use engine::{parse_term, Literal};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a; b; c }. :- a, b.")?;
    /// ctl.ground()?;
    /// let atom = |s: &str| ctl.symbolic_atoms().find(&parse_term(s).unwrap()).unwrap().atom();
    /// let (a, b) = (Literal::positive(atom("a")), Literal::positive(atom("b")));
    /// let assume = |s: &str| (parse_term(s).unwrap(), true);
    /// let mut handle = ctl.solve_with_assumptions(&[assume("a"), assume("b"), assume("c")])?;
    /// assert_eq!(handle.core(), Some(vec![a, b]));
    /// assert_eq!(ctl.solve_with_assumptions(&[assume("a")])?.core(), None);
    /// # Ok(()) }
    /// ```
    pub fn core(&mut self) -> Option<Vec<Literal>> {
        self.summary();
        self.search.core()
    }

    fn translate(&self, model: solver_core::Model) -> Model {
        let mut true_atoms = model.atoms;
        true_atoms.sort_unstable();
        let outputs = &self.ground.program.outputs;
        let consequences = self.kind != ModelKind::Answer;
        // Consequences track an output whose condition is not one positive literal as a whole
        // (see `solver_core::Model::conditions`).
        let shown_by = |o: &solver_core::Output| match consequences && !plain(&o.condition) {
            true => model.conditions.binary_search(&o.condition).is_ok(),
            false => o.condition.iter().all(|l| holds(&true_atoms, *l)),
        };
        let shown = self
            .ground
            .print_order()
            .iter()
            .copied()
            .filter(|&i| outputs.get(i).is_some_and(shown_by))
            .collect();
        Model {
            number: model.number,
            kind: self.kind,
            true_atoms,
            shown,
            costs: model.costs,
            optimal: model.optimal,
            consequences: model.consequences,
            ground: Arc::clone(&self.ground),
        }
    }
}

/// Whether an output condition is empty or one positive literal (consequences decide such an
/// output by that atom).
fn plain(condition: &[solver_core::Literal]) -> bool {
    match condition {
        [] => true,
        [l] => l.is_positive(),
        _ => false,
    }
}

/// Whether `literal` holds in the (sorted) set of true atoms.
fn holds(true_atoms: &[Atom], literal: solver_core::Literal) -> bool {
    true_atoms.binary_search(&literal.atom()).is_ok() == literal.is_positive()
}

impl Iterator for SolveHandle {
    type Item = Model;

    fn next(&mut self) -> Option<Model> {
        if self.done {
            return None;
        }
        let Some(model) = self.search.next_model() else {
            self.done = true;
            return None;
        };
        Some(self.translate(model))
    }
}

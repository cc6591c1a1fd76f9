//! [`Ground`]: a ground program ready for searches, with its symbol tables and clasp's
//! printing order of the shown atoms; shared (`Arc`) by the [`crate::Control`] that made it and
//! every [`crate::Model`] of its searches, so models stay valid after the `Control` changes.

use std::collections::HashMap;
use std::sync::OnceLock;

use grounder::{ProgramSymbols, Symbol};
use solver_core::{Atom, GroundProgram};

use crate::backend::Grounded;

/// The grounded program and its symbol tables, shared with models.
#[derive(Clone, Debug)]
pub(crate) struct Ground {
    /// The program searches start from (an empty projection removed, see
    /// [`without_empty_projection`]).
    pub(crate) program: GroundProgram,
    /// The symbols of `program.outputs` (aligned) and of its atoms (`Atom(i + 1)` at `i`).
    pub(crate) symbols: ProgramSymbols,
    /// The symbols of the atoms (`Atom(i + 1)` at `i`), kept to extend in the next grounding
    /// (empty for a program read from aspif).
    pub(crate) atoms: Vec<Option<Symbol>>,
    /// How the program was made: from text (then `--text` can print it) or from aspif.
    origin: Origin,
    /// Symbol to atom, for assumptions, externals and [`crate::Model::contains`]; built on
    /// first use (most runs never ask).
    index: OnceLock<HashMap<Symbol, Atom>>,
    /// Output indices in clasp's printing order (see [`print_order`]).
    pub(crate) print_order: Vec<usize>,
}

/// Where a [`Ground`] came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Grounded from text; `empty_projection`: the grounder's projection was empty and removed.
    Text { empty_projection: bool },
    /// Read from aspif.
    Aspif,
}

impl Ground {
    pub(crate) fn new(program: GroundProgram, symbols: ProgramSymbols, origin: Origin) -> Ground {
        let print_order = print_order(&program);
        Ground {
            program,
            symbols,
            atoms: Vec::new(),
            origin,
            index: OnceLock::new(),
            print_order,
        }
    }

    /// The atom of a symbol, if the program has one.
    pub(crate) fn atom_of(&self, symbol: &Symbol) -> Option<Atom> {
        let index = self.index.get_or_init(|| {
            (0..self.symbols.atom_len())
                .filter_map(|i| Some((self.symbols.atom(i)?, Atom(u32::try_from(i + 1).ok()?))))
                .collect()
        });
        index.get(symbol).copied()
    }

    /// Whether the grounder's projection was empty (and removed).
    pub(crate) fn empty_projection(&self) -> bool {
        self.origin
            == Origin::Text {
                empty_projection: true,
            }
    }

    /// The grounder's result again (for `--text`); `None` for a program read from aspif.
    pub(crate) fn grounded(&self) -> Option<Grounded> {
        let Origin::Text { empty_projection } = self.origin else {
            return None;
        };
        let mut program = self.program.clone();
        if empty_projection {
            program.projection = Some(Vec::new());
        }
        Some(Grounded {
            program,
            symbols: self.symbols.clone(),
            infos: Vec::new(),
        })
    }
}

/// The order clasp prints shown atoms in (`LogicProgram::prepareOutputTable`): outputs are
/// stably sorted by the id of their condition (empty: 0; one positive literal: its atom; several
/// literals: after all atoms, in output order; one negative literal: after those, larger atoms
/// first, as clasp compares the literal's bits unsigned). Then the outputs whose condition is
/// true at the start (empty, a fact, or the negation of an atom without rules) are printed
/// first, the others after, each group in sorted order.
pub(crate) fn print_order(program: &GroundProgram) -> Vec<usize> {
    let heads = head_atoms(program);
    let true_at_start = |o: &solver_core::Output| match o.condition.as_slice() {
        [] => true,
        [l] if l.is_positive() => heads.facts.contains(&l.atom()),
        [l] => !heads.defined.contains(&l.atom()),
        _ => false,
    };
    let mut order: Vec<usize> = (0..program.outputs.len()).collect();
    order.sort_by_key(|&i| condition_id(i, &program.outputs[i]));
    let (mut first, rest): (Vec<usize>, Vec<usize>) = order
        .into_iter()
        .partition(|&i| true_at_start(&program.outputs[i]));
    first.extend(rest);
    first
}

/// clasp's sort key for output `index`'s condition (see [`print_order`]).
fn condition_id(index: usize, output: &solver_core::Output) -> u64 {
    const BODIES: u64 = 1 << 32;
    const NEGATIVE: u64 = 1 << 33;
    match output.condition.as_slice() {
        [] => 0,
        [l] if l.is_positive() => u64::from(l.atom().0),
        [l] => NEGATIVE + u64::from(u32::MAX - l.atom().0),
        _ => BODIES + index as u64,
    }
}

/// The program's facts and the atoms that occur in some rule head.
struct HeadAtoms {
    facts: std::collections::HashSet<Atom>,
    defined: std::collections::HashSet<Atom>,
}

fn head_atoms(program: &GroundProgram) -> HeadAtoms {
    let mut heads = HeadAtoms {
        facts: Default::default(),
        defined: program.externals.iter().map(|(a, _)| *a).collect(),
    };
    for rule in &program.rules {
        heads.defined.extend(rule.head.iter().copied());
        let fact = rule.kind == solver_core::HeadKind::Disjunction
            && rule.head.len() == 1
            && matches!(&rule.body, solver_core::Body::Normal(b) if b.is_empty());
        if fact {
            heads.facts.extend(rule.head.iter().copied());
        }
    }
    heads
}

/// The atoms in the conditions of the program's outputs, ascending, without duplicates.
pub(crate) fn shown_atoms(program: &GroundProgram) -> Vec<Atom> {
    let mut atoms: Vec<Atom> = program
        .outputs
        .iter()
        .flat_map(|o| o.condition.iter().map(|l| l.atom()))
        .collect();
    atoms.sort_unstable();
    atoms.dedup();
    atoms
}

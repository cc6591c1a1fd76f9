//! [`Ground`]: a ground program ready for searches, with its symbol tables and clasp's
//! printing order of the shown atoms; shared (`Arc`) by the [`crate::Control`] that made it and
//! every [`crate::Model`] of its searches, so models stay valid after the `Control` changes.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use grounder::{ProgramSymbols, Symbol};
use solver_core::{Atom, GroundProgram};

use crate::backend::Grounded;

/// The grounded program and its symbol tables, shared with models.
///
/// A multi-shot [`crate::Control`] extends its `Ground` in place at each grounding (a copy
/// is made only while a model of an earlier search still holds it): the delta's statements
/// are appended, the session appends the new symbols, and the derived tables are extended
/// (`index`) or made again when first asked for (`print_order`), so a step costs what it adds.
#[derive(Clone, Debug)]
pub(crate) struct Ground {
    /// The program searches start from (an empty projection removed, see
    /// [`without_empty_projection`]). Shared with the solver until it has translated the
    /// step that gave it (`solver_core::MultiShot::add_shared`): one copy, not two.
    pub(crate) program: Arc<GroundProgram>,
    /// The symbols of `program.outputs` (aligned) and of its atoms (`Atom(i + 1)` at `i`).
    pub(crate) symbols: ProgramSymbols,
    /// How the program was made: from text (then `--text` can print it) or from aspif.
    pub(crate) origin: Origin,
    /// Symbol to atom, for assumptions, externals and [`crate::Model::contains`]; built on
    /// first use (most runs never ask), then extended by [`Ground::index_new_atoms`].
    index: OnceLock<HashMap<Symbol, Atom>>,
    /// Output indices in clasp's printing order (see [`print_order`]); made on first use.
    print_order: OnceLock<Vec<usize>>,
    /// The position of each external in `program.externals` (for appending deltas).
    external_positions: HashMap<Atom, usize>,
    /// The projection is the program's own (`#project` atoms, or an aspif projection
    /// statement), not one made for `--project`: brave/cautious consequences then range over
    /// its atoms only, and the shown facts outside it do not count (clasp).
    pub(crate) projection_statement: bool,
    /// [`crate::Control::translate_for_search`] dropped the program's rules (the other
    /// statements stay).
    pub(crate) rules_dropped: bool,
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
    pub(crate) fn new(
        program: Arc<GroundProgram>,
        symbols: ProgramSymbols,
        origin: Origin,
    ) -> Ground {
        let external_positions = positions(&program.externals);
        let projection_statement = program.projection.as_ref().is_some_and(|p| !p.is_empty());
        Ground {
            projection_statement,
            program,
            symbols,
            origin,
            index: OnceLock::new(),
            print_order: OnceLock::new(),
            external_positions,
            rules_dropped: false,
        }
    }

    /// A program grounded from text with nothing in it yet (the start of a multi-shot
    /// grounding).
    pub(crate) fn empty() -> Ground {
        let origin = Origin::Text {
            empty_projection: false,
        };
        Ground::new(Arc::default(), ProgramSymbols::default(), origin)
    }

    /// Drops the symbols of the atoms and outputs, and the index by symbol (the outputs keep
    /// their names; see [`crate::Control::translate_for_search`]).
    pub(crate) fn drop_symbols(&mut self) {
        self.symbols = ProgramSymbols::default();
        self.index = OnceLock::new();
    }

    /// The atom of a symbol, if the program has one.
    pub(crate) fn atom_of(&self, symbol: &Symbol) -> Option<Atom> {
        let index = self.index.get_or_init(|| self.index_from(0));
        index.get(symbol).copied()
    }

    /// The symbols of the atoms from `Atom(first + 1)` on, to their atoms.
    fn index_from(&self, first: usize) -> HashMap<Symbol, Atom> {
        (first..self.symbols.atom_len())
            .filter_map(|i| Some((self.symbols.atom(i)?, Atom(u32::try_from(i + 1).ok()?))))
            .collect()
    }

    /// Adds the atoms from `Atom(first + 1)` on to the symbol index (if it was built).
    pub(crate) fn index_new_atoms(&mut self, first: usize) {
        let new = match self.index.get() {
            Some(_) => self.index_from(first),
            None => return,
        };
        if let Some(index) = self.index.get_mut() {
            index.extend(new);
        }
    }

    /// Output indices in clasp's printing order (see [`print_order`]).
    pub(crate) fn print_order(&self) -> &[usize] {
        self.print_order.get_or_init(|| print_order(&self.program))
    }

    /// Appends the statements of `delta`; its output table is appended too, or replaces the
    /// old one when `replace_outputs` (the grounder rebuilt it). The first delta becomes the
    /// program as it is (shared, not copied); a later one is copied if the solver still
    /// holds it.
    pub(crate) fn append(&mut self, delta: Arc<GroundProgram>, replace_outputs: bool) {
        self.print_order = OnceLock::new();
        if is_empty(&self.program) {
            self.external_positions = positions(&delta.externals);
            self.program = delta;
            return;
        }
        let delta = Arc::unwrap_or_clone(delta);
        let program = Arc::make_mut(&mut self.program);
        program.atom_count = program.atom_count.max(delta.atom_count);
        program.rules.extend(delta.rules);
        program.minimizes.extend(delta.minimizes);
        if let Some(atoms) = delta.projection {
            let projection = program.projection.get_or_insert_with(Vec::new);
            projection.extend(atoms);
        }
        if replace_outputs {
            program.outputs = delta.outputs;
        } else {
            program.outputs.extend(delta.outputs);
        }
        program.assumptions.extend(delta.assumptions);
        program.edges.extend(delta.edges);
        program.heuristics.extend(delta.heuristics);
        if program.externals.is_empty() {
            self.external_positions = positions(&delta.externals);
            program.externals = delta.externals;
        } else {
            self.append_externals(delta.externals);
        }
    }

    /// Appends externals: a new atom at the end, a known one gets its new value in place.
    fn append_externals(&mut self, externals: Vec<(Atom, solver_core::ExternalValue)>) {
        let program = Arc::make_mut(&mut self.program);
        for (atom, value) in externals {
            match self.external_positions.get(&atom) {
                Some(&i) => program.externals[i].1 = value,
                None => {
                    self.external_positions
                        .insert(atom, program.externals.len());
                    program.externals.push((atom, value));
                }
            }
        }
    }

    /// Whether the program was grounded from text (not read from aspif).
    pub(crate) fn is_from_text(&self) -> bool {
        matches!(self.origin, Origin::Text { .. })
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
        let mut program = GroundProgram::clone(&self.program);
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

/// Whether `program` has no atoms and no statements (the start of a multi-shot grounding).
fn is_empty(program: &GroundProgram) -> bool {
    let p = program;
    p.atom_count == 0
        && p.rules.is_empty()
        && p.minimizes.is_empty()
        && p.projection.is_none()
        && p.outputs.is_empty()
        && p.externals.is_empty()
        && p.assumptions.is_empty()
        && p.edges.is_empty()
        && p.heuristics.is_empty()
}

/// The position of each atom in `externals` (the last one of an atom declared twice).
fn positions(externals: &[(Atom, solver_core::ExternalValue)]) -> HashMap<Atom, usize> {
    let pairs = externals.iter().enumerate().map(|(i, (a, _))| (*a, i));
    pairs.collect()
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
        [l] if l.is_positive() => heads.is_fact(l.atom()),
        [l] => !heads.is_defined(l.atom()),
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

/// The program's facts and the atoms that occur in some rule head (or are external), as
/// flags by atom number (atoms are dense: one pass over the rules, no hashing).
struct HeadAtoms {
    /// [`DEFINED`] and [`FACT`] bits, indexed by atom number.
    flags: Vec<u8>,
}

/// The atom occurs in a rule head or is external.
const DEFINED: u8 = 1;
/// The atom is a fact.
const FACT: u8 = 2;

impl HeadAtoms {
    fn mark(&mut self, atom: Atom, flag: u8) {
        let at = atom.0 as usize;
        if at >= self.flags.len() {
            self.flags.resize(at + 1, 0);
        }
        if let Some(slot) = self.flags.get_mut(at) {
            *slot |= flag;
        }
    }

    fn has(&self, atom: Atom, flag: u8) -> bool {
        self.flags
            .get(atom.0 as usize)
            .is_some_and(|f| f & flag != 0)
    }

    fn is_fact(&self, atom: Atom) -> bool {
        self.has(atom, FACT)
    }

    fn is_defined(&self, atom: Atom) -> bool {
        self.has(atom, DEFINED)
    }
}

fn head_atoms(program: &GroundProgram) -> HeadAtoms {
    let mut heads = HeadAtoms {
        flags: vec![0; program.atom_count as usize + 1],
    };
    for (atom, _) in &program.externals {
        heads.mark(*atom, DEFINED);
    }
    for rule in &program.rules {
        let fact = rule.kind == solver_core::HeadKind::Disjunction
            && rule.head.len() == 1
            && matches!(&rule.body, solver_core::Body::Normal(b) if b.is_empty());
        for &atom in &rule.head {
            heads.mark(atom, if fact { DEFINED | FACT } else { DEFINED });
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

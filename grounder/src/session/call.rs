//! Grounding in a [`Session`]: the parts named, the grounding itself, the one-shot result.

use crate::ast::Span;
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::Stop;
use crate::normalize::rules::Pred;
use crate::output::symbols::ProgramSymbols;
use crate::output::{Built, Grounded};
use crate::session::options::{fail, GroundError};
use crate::session::{step, Session};
use crate::term::intern::Val;
use crate::Symbol;

impl Session {
    /// Grounds the named parts: the built program, the infos and a redefinition error.
    pub(super) fn ground_parts(
        &mut self,
        parts: &[(&str, Vec<Symbol>)],
    ) -> Result<(Built, Vec<Diagnostic>, Option<Diagnostic>), GroundError> {
        let mut infos = std::mem::take(&mut self.infos);
        if let Some(message) = &self.broken {
            let error = Diagnostic::unlocated_error(message.clone());
            return Err(fail(vec![error], infos));
        }
        let overrides = self.overrides().map_err(|d| fail(vec![d], Vec::new()))?;
        self.added
            .rewrite_pending(&mut self.table, &overrides, &mut infos)?;
        let requested = self.requested(parts);
        let call = self.added.call(requested);
        let built = step::ground_call(
            &mut self.table,
            &mut self.state,
            &call,
            &self.added,
            &self.options,
            &mut infos,
        );
        self.added.restore(call);
        let (mut built, instantiation_infos) = match built {
            Ok(built) => built,
            Err(stop) => return Err(self.stopped(stop, infos)),
        };
        if self.state.atoms.is_empty() {
            self.state.atoms = std::mem::take(&mut built.atoms);
        } else {
            self.state.atoms.append(&mut built.atoms);
        }
        let error = built.error.take();
        // gringo checks the shown signatures before it instantiates (after the undefined
        // atoms): before the infos of instantiation (`interval undefined`, ...).
        let unused = self.unused_show_signatures();
        infos.splice(instantiation_infos..instantiation_infos, unused);
        Ok((built, infos, error))
    }

    /// clingo's `info: no atoms over signature occur in program:` after a grounding, at the
    /// first `#show p/n.` of each signature no predicate domain has (gringo's
    /// `checkOutPreds`): a predicate has one once a ground statement mentions it (head or
    /// body), a fact of any part or `#defined` names it (see `Added::heads`). Every grounding
    /// reports the signatures still missing, ordered as gringo sorts signatures: positive
    /// before classically negated, then by arity, then by name.
    fn unused_show_signatures(&self) -> Vec<Diagnostic> {
        let store = &self.state.kept.store;
        let mut seen = fxhash::FxHashSet::default();
        let mut missing: Vec<_> = (self.added.directives.show_at.iter())
            .filter(|(pred, _)| seen.insert(*pred))
            .filter(|(pred, _)| store.find_pred(*pred).is_none())
            .filter(|(pred, _)| !self.added.heads.contains(pred))
            .collect();
        let name = |pred: &Pred| self.table.name_text(pred.name);
        missing.sort_by(|(a, _), (b, _)| {
            let key = |p: &Pred| (p.negative, p.arity);
            key(a).cmp(&key(b)).then_with(|| name(a).cmp(name(b)))
        });
        let info = |(pred, span): &(Pred, Span)| Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: "no atoms over signature occur in program:".into(),
            notes: vec![Note {
                span: None,
                text: format!(
                    "{}{}/{}",
                    if pred.negative { "-" } else { "" },
                    name(pred),
                    pred.arity
                ),
            }],
        };
        missing.into_iter().map(info).collect()
    }

    /// The error for a grounding that stopped; the session refuses to ground again.
    fn stopped(&mut self, stop: Stop, infos: Vec<Diagnostic>) -> GroundError {
        let error = match stop {
            Stop::Limit(m) => Diagnostic::unlocated_error(m),
            Stop::Interrupted => Diagnostic::unlocated_error("grounding interrupted".into()),
            Stop::Failed(d) => d,
        };
        self.broken = Some(error.message.clone());
        fail(vec![error], infos)
    }

    /// The parts named in `parts` that exist, in declaration order, each with its distinct
    /// argument tuples in ascending term order.
    fn requested(&mut self, parts: &[(&str, Vec<Symbol>)]) -> Vec<(usize, Vec<Vec<Val>>)> {
        let mut requested: Vec<(usize, Vec<Vec<Val>>)> = Vec::new();
        for (name, args) in parts {
            let Some(index) = self.added.find(name, args.len()) else {
                continue;
            };
            let tuple: Vec<Val> = args.iter().map(|s| self.table.intern_symbol(s)).collect();
            match requested.iter_mut().find(|(i, _)| *i == index) {
                Some((_, tuples)) if !tuples.contains(&tuple) => tuples.push(tuple),
                Some(_) => {}
                None => requested.push((index, vec![tuple])),
            }
        }
        requested.sort_by_key(|(i, _)| *i);
        let table = &self.table;
        for (_, tuples) in &mut requested {
            tuples.sort_by(|a, b| {
                a.iter()
                    .zip(b)
                    .map(|(x, y)| table.cmp(*x, *y))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        }
        requested
    }

    /// Grounds `base` once and gives up the session for the one-shot result.
    pub(crate) fn ground_once(mut self) -> Result<Grounded, GroundError> {
        let (built, infos, error) = self.ground_parts(&[("base", Vec::new())])?;
        if let Some(error) = error {
            return Err(fail(vec![error], infos));
        }
        let atoms = std::mem::take(&mut self.state.atoms);
        Ok(Grounded {
            program: built.program,
            symbols: ProgramSymbols::new(self.table, built.shown, atoms),
            infos,
        })
    }
}

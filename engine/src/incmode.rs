//! clingo's incremental mode (`#include <incmode>.`), written on the public [`Control`] API.
//!
//! # The loop (clingo 5.8.3's `incmode` library)
//! Step 0 grounds `base` and `check(0)`; step `t > 0` releases the external `query(t-1)` and
//! grounds `step(t)` and `check(t)`. Each step then makes `query(t)` true and solves. The
//! loop goes on while `(imax unset or t < imax)` and (no call yet, or `t < imin`, or the last
//! call's result is not `istop`: `SAT`, `UNSAT` or `UNKNOWN`). `query(t)` is declared by the
//! library itself (`#program check(t). #external query(t).`), so [`run`] adds that line.
//!
//! The caller sees each grounding's infos and consumes each call's [`SolveHandle`] (printing
//! its models), returning its [`Summary`]; [`run`] returns the number of calls.

use crate::{Control, Diagnostic, Error, SolveHandle, Summary, Symbol, TruthValue};

/// When the loop stops: the result of a call that ends it (clingo's `istop`).
///
/// ```
/// # use engine::incmode::{IncConfig, StopOn};
/// let constants = [("istop".to_string(), "\"UNSAT\"".to_string())];
/// assert_eq!(IncConfig::from_constants(&constants).unwrap().istop, StopOn::Unsat);
/// assert_eq!(IncConfig::default().istop, StopOn::Sat);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum StopOn {
    /// A satisfiable call (the default).
    #[default]
    Sat,
    /// An unsatisfiable call.
    Unsat,
    /// A call whose result is unknown (interrupted).
    Unknown,
}

/// The loop's bounds: clingo's constants `imin`, `imax` and `istop`.
///
/// ```
/// # use engine::incmode::{run, IncConfig, IncHandler, StopOn};
/// # use engine::{Control, Diagnostic, SolveHandle, Summary};
/// # struct Quiet;
/// # impl IncHandler for Quiet {
/// #     fn grounded(&mut self, _: &[Diagnostic]) {}
/// #     fn solved(&mut self, _: &Control, _: u64, mut handle: SolveHandle) -> Summary {
/// #         handle.summary()
/// #     }
/// # }
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.add("base", "#program check(t). :- query(t), t < 3.")?;
/// // Steps 0..=1 are unsatisfiable; `istop = UNSAT` stops after the first of them.
/// let config = IncConfig { imax: Some(10), istop: StopOn::Unsat, ..IncConfig::default() };
/// assert_eq!(run(&mut ctl, &config, &mut Quiet)?.1, 1);
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncConfig {
    /// The least number of steps (default 1).
    pub imin: u64,
    /// The most steps (`None`: no bound).
    pub imax: Option<u64>,
    /// Which result stops the loop.
    pub istop: StopOn,
}

impl Default for IncConfig {
    fn default() -> IncConfig {
        IncConfig {
            imin: 1,
            imax: None,
            istop: StopOn::Sat,
        }
    }
}

impl IncConfig {
    /// The configuration from `-c name=value` constants (`imin`, `imax`, `istop`; the others
    /// are ignored).
    ///
    /// ```
    /// let constants = [("imax".to_string(), "3".to_string())];
    /// let config = engine::incmode::IncConfig::from_constants(&constants).unwrap();
    /// assert_eq!(config.imax, Some(3));
    /// assert_eq!(config.imin, 1);
    /// ```
    pub fn from_constants(constants: &[(String, String)]) -> Result<IncConfig, Error> {
        let mut config = IncConfig::default();
        for (name, value) in constants {
            let bad = || Error::Usage(format!("bad value of the constant {name}: {value}"));
            match name.as_str() {
                "imin" => config.imin = value.trim().parse().map_err(|_| bad())?,
                "imax" => config.imax = Some(value.trim().parse().map_err(|_| bad())?),
                "istop" => {
                    config.istop = match value.trim().trim_matches('"') {
                        "SAT" => StopOn::Sat,
                        "UNSAT" => StopOn::Unsat,
                        "UNKNOWN" => StopOn::Unknown,
                        _ => return Err(bad()),
                    }
                }
                _ => {}
            }
        }
        Ok(config)
    }

    /// The configuration from the constants of `ctl`'s program: `#const` definitions and
    /// `-c` options (which win), as clingo's incremental mode reads them.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.set_const("imin", "2")?;
    /// ctl.add("base", "#const imax = 4. #const imin = 9. #const istop = \"UNSAT\".")?;
    /// let config = engine::incmode::IncConfig::from_control(&mut ctl)?;
    /// assert_eq!((config.imin, config.imax), (2, Some(4)));
    /// assert_eq!(config.istop, engine::incmode::StopOn::Unsat);
    /// # Ok(()) }
    /// ```
    pub fn from_control(ctl: &mut Control) -> Result<IncConfig, Error> {
        let mut constants = Vec::new();
        for name in ["imin", "imax", "istop"] {
            if let Some(value) = ctl.constant(name)? {
                constants.push((name.to_string(), value.to_string()));
            }
        }
        IncConfig::from_constants(&constants)
    }

    /// Whether the loop goes on to step `step` after a call that ended with `last`
    /// (`None`: no call yet).
    fn goes_on(&self, step: u64, last: Option<Option<bool>>) -> bool {
        if self.imax.is_some_and(|imax| step >= imax) {
            return false;
        }
        let Some(result) = last else {
            return true;
        };
        let stop_result = match self.istop {
            StopOn::Sat => result == Some(true),
            StopOn::Unsat => result == Some(false),
            StopOn::Unknown => result.is_none(),
        };
        step < self.imin || !stop_result
    }
}

/// What the caller does at each step of [`run`] (see [`run`] for a handler that collects the
/// models).
///
/// ```
/// # use engine::incmode::{run, IncConfig, IncHandler};
/// # use engine::{Control, Diagnostic, SolveHandle, Summary};
/// /// Each step's result.
/// struct Results(Vec<Option<bool>>);
/// impl IncHandler for Results {
/// #     fn grounded(&mut self, _: &[Diagnostic]) {}
///     fn solved(&mut self, _: &Control, _: u64, mut handle: SolveHandle) -> Summary {
///         let summary = handle.summary();
///         self.0.push(summary.satisfiable);
///         summary
///     }
/// }
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.add("base", "#program check(t). :- query(t), t < 2.")?;
/// let mut results = Results(Vec::new());
/// run(&mut ctl, &IncConfig::default(), &mut results)?;
/// assert_eq!(results.0, [Some(false), Some(false), Some(true)]);
/// # Ok(()) }
/// ```
pub trait IncHandler {
    /// A grounding finished with these infos.
    ///
    /// ```
    /// # use engine::incmode::{run, IncConfig, IncHandler};
    /// # use engine::{Control, Diagnostic, SolveHandle, Summary};
    /// struct Infos(Vec<String>);
    /// impl IncHandler for Infos {
    ///     fn grounded(&mut self, infos: &[Diagnostic]) {
    ///         self.0.extend(infos.iter().map(|d| d.message.clone()));
    ///     }
    ///     fn solved(&mut self, _: &Control, _: u64, mut h: SolveHandle) -> Summary { h.summary() }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#program step(t). p(t/0).")?;
    /// let mut infos = Infos(Vec::new());
    /// run(&mut ctl, &IncConfig::default(), &mut infos)?;
    /// assert_eq!(infos.0, ["operation undefined:"]); // grounding step(1)
    /// # Ok(()) }
    /// ```
    fn grounded(&mut self, infos: &[Diagnostic]);
    /// A solve call started on `ctl`: consume the handle's models and return its summary.
    ///
    /// ```
    /// # use engine::incmode::{run, IncConfig, IncHandler};
    /// # use engine::{Control, Diagnostic, SolveHandle, Summary};
    /// struct Steps(Vec<(u64, Vec<String>)>);
    /// impl IncHandler for Steps {
    /// #     fn grounded(&mut self, _: &[Diagnostic]) {}
    ///     fn solved(&mut self, _: &Control, step: u64, mut handle: SolveHandle) -> Summary {
    ///         let shown = handle.next().map(|m| m.shown_names()).unwrap_or_default();
    ///         self.0.push((step, shown));
    ///         handle.summary()
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#program step(t). p(t). #program check(t). :- query(t), t < 1.")?;
    /// let mut steps = Steps(Vec::new());
    /// run(&mut ctl, &IncConfig::default(), &mut steps)?;
    /// assert_eq!(steps.0, [(0, vec![]), (1, vec!["p(1)".into(), "query(1)".into()])]);
    /// # Ok(()) }
    /// ```
    fn solved(&mut self, ctl: &Control, step: u64, handle: SolveHandle) -> Summary;
    /// Whether to end the loop now (checked before each step; default: never).
    ///
    /// ```
    /// # use engine::incmode::{run, IncConfig, IncHandler};
    /// # use engine::{Control, Diagnostic, SolveHandle, Summary};
    /// /// Gives up after three calls.
    /// struct Budget(u64);
    /// impl IncHandler for Budget {
    /// #     fn grounded(&mut self, _: &[Diagnostic]) {}
    ///     fn solved(&mut self, _: &Control, _: u64, mut h: SolveHandle) -> Summary {
    ///         self.0 += 1;
    ///         h.summary()
    ///     }
    ///     fn stopped(&self) -> bool { self.0 == 3 }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#program check(t). :- query(t).")?; // never satisfiable
    /// let (summary, calls) = run(&mut ctl, &IncConfig::default(), &mut Budget(0))?;
    /// assert_eq!((calls, summary.satisfiable), (3, Some(false)));
    /// # Ok(()) }
    /// ```
    fn stopped(&self) -> bool {
        false
    }
}

/// Runs clingo's incremental loop on `ctl` (its program added, not ground); returns the
/// last call's summary and the number of calls.
///
/// ```
/// use engine::incmode::{run, IncConfig, IncHandler};
/// use engine::{Control, Diagnostic, SolveHandle, Summary};
///
/// struct Collect(Vec<Vec<String>>);
/// impl IncHandler for Collect {
///     fn grounded(&mut self, _infos: &[Diagnostic]) {}
///     fn solved(&mut self, _: &Control, _step: u64, mut handle: SolveHandle) -> Summary {
///         self.0.extend(handle.by_ref().map(|m| {
///             let mut shown = m.shown_names();
///             shown.sort();
///             shown
///         }));
///         handle.summary()
///     }
/// }
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.add("base", "#program step(t). p(t). #program check(t). :- query(t), t < 2.
///                  #show p/1.")?;
/// let mut seen = Collect(Vec::new());
/// let (summary, calls) = run(&mut ctl, &IncConfig::default(), &mut seen)?;
/// assert_eq!((calls, summary.satisfiable), (3, Some(true)));
/// assert_eq!(seen.0, [vec!["p(1)".to_string(), "p(2)".to_string()]]);
/// # Ok(()) }
/// ```
pub fn run(
    ctl: &mut Control,
    config: &IncConfig,
    handler: &mut dyn IncHandler,
) -> Result<(Summary, u64), Error> {
    ctl.add("<incmode>", "#program check(t). #external query(t).")?;
    let mut step = 0;
    let mut last: Option<Summary> = None;
    while !handler.stopped() && config.goes_on(step, last.as_ref().map(|s| s.satisfiable)) {
        let number = i32::try_from(step).unwrap_or(i32::MAX);
        let t = [Symbol::Number(number)];
        let result = match step {
            0 => ctl.ground_parts(&[("base", &[]), ("check", &t)]),
            _ => {
                let before = [Symbol::Number(number - 1)];
                ctl.release_external(&query(&before))?;
                ctl.ground_parts(&[("step", &t), ("check", &t)])
            }
        };
        handler.grounded(ctl.infos());
        if handler.stopped() {
            // Stopped while grounding (an interrupted grounding's error included): the
            // summary is the last solved call's.
            break;
        }
        result?;
        ctl.assign_external(&query(&t), TruthValue::True)?;
        let handle = ctl.solve()?;
        let mut summary = handler.solved(ctl, step, handle);
        at_limit_not_exhausted(ctl, &mut summary);
        last = Some(summary);
        step += 1;
    }
    Ok((last.unwrap_or_default(), step))
}

/// clasp in multi-shot mode never calls a search stopped at the model limit exhausted (the
/// one-shot CLI does when no decision was open: `a.` prints `Models : 1`, incmode `1+`).
fn at_limit_not_exhausted(ctl: &Control, summary: &mut Summary) {
    let limit = ctl.options().models.unwrap_or(1);
    let optimizing = summary.costs.is_some();
    if limit > 0 && summary.models >= limit && !optimizing {
        summary.exhausted = false;
    }
}

fn query(t: &[Symbol]) -> Symbol {
    Symbol::function("query", t.to_vec())
}

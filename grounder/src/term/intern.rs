//! The term table: ground terms as small copyable ids.
//!
//! A [`Val`] is 8 bytes: numbers, `#inf` and `#sup` inline, strings and functions as indexes
//! into an [`Interner`]. Equal terms always get the same id (hash-consing with fxhash), so
//! equality and hashing are O(1) and the join loop never touches strings.
//!
//! # Term order (clingo 5.8.3, checked against its `<` on terms)
//! `#inf` < numbers < positive constants (by name; the empty tuple `()` first) < negated
//! constants (`-a`, by name) < strings < functions and tuples with arguments (positive before
//! negated, then by arity, then name, then arguments left to right) < `#sup`.
//!
//! Function terms live in two flat arrays: `funs[id]` holds the name, sign and the range of
//! the arguments in `args`. Looking a term up hashes its content (fxhash over name, sign and
//! argument ids) into `buckets`, which maps a hash to the newest function with that hash; older
//! ones with the same hash are chained through `FunEntry::next`. So a lookup never allocates
//! and interning a new term only appends to the arrays.
//!
//! # Invariants
//! - Every function id (of a table not frozen) is reachable from `buckets[hash of its content]` along `next` links,
//!   and no two ids have the same content; names and strings: `names[i]` and
//!   `name_ids[names[i]] == i` agree, likewise for strings.
//! - `funs[i].start + funs[i].len <= args.len()`.
//! - A frozen table (`freeze`) has no lookup maps and is only read.
//! - A function with no arguments is a constant (`()` is the empty tuple, name `""`).

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use fxhash::FxHashMap;

use crate::term::symbol::Symbol;

/// An interned ground term.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    /// `#inf`
    Inf,
    /// An integer.
    Num(i32),
    /// A function (or constant, or tuple): an index into `Interner::funs`.
    Fun(u32),
    /// A string: an index into `Interner::strings`.
    Str(u32),
    /// `#sup`
    Sup,
}

/// The data of an interned function term (borrowed from the [`Interner`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct FunData<'a> {
    /// Index into `Interner::names`.
    pub name: u32,
    /// Classical negation (`-f(1)`).
    pub negative: bool,
    /// The arguments.
    pub args: &'a [Val],
}

/// No function: what [`Interner::fun_data`] gives for an id it never made.
const NO_FUN: FunData<'static> = FunData {
    name: 0,
    negative: false,
    args: &[],
};

/// End of a chain of functions with equal content hashes.
const NO_NEXT: u32 = u32::MAX;

/// A function term in the table: its name and sign, its arguments `args[start..start+len]`.
#[derive(Copy, Clone, Debug)]
struct FunEntry {
    /// Index into `Interner::names`.
    name: u32,
    /// Classical negation.
    negative: bool,
    /// First argument in `Interner::args`.
    start: u32,
    /// Number of arguments.
    len: u32,
    /// The next older function with the same content hash, or `NO_NEXT`.
    next: u32,
}

/// The table of names, strings and function terms.
#[derive(Clone, Default, Debug)]
pub(crate) struct Interner {
    /// Names by id.
    names: Vec<Arc<str>>,
    /// Ids by name.
    name_ids: FxHashMap<Arc<str>, u32>,
    /// Strings by id.
    strings: Vec<Arc<str>>,
    /// Ids by string.
    string_ids: FxHashMap<Arc<str>, u32>,
    /// Functions by id.
    funs: Vec<FunEntry>,
    /// The arguments of all functions, one after another.
    args: Vec<Val>,
    /// Content hash → newest function with that hash (see the module doc).
    buckets: FxHashMap<u64, u32>,
}

/// The content hash of a function term.
pub(crate) fn fun_hash(name: u32, negative: bool, args: &[Val]) -> u64 {
    fxhash::hash64(&(name, negative, args))
}

impl Interner {
    /// The id of `name`, interning it if new.
    pub fn name(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        let text: Arc<str> = name.into();
        self.names.push(Arc::clone(&text));
        self.name_ids.insert(text, id);
        id
    }

    /// The id of `name` as [`Interner::name`] gives it, keeping `name` itself (no copy) when
    /// it is new.
    pub fn name_shared(&mut self, name: &Arc<str>) -> u32 {
        if let Some(&id) = self.name_ids.get(&**name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(Arc::clone(name));
        self.name_ids.insert(Arc::clone(name), id);
        id
    }

    /// The text of name `id`.
    pub fn name_text(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", |s| s)
    }

    /// The interned string term.
    pub fn string(&mut self, text: &str) -> Val {
        if let Some(&id) = self.string_ids.get(text) {
            return Val::Str(id);
        }
        let id = self.strings.len() as u32;
        let shared: Arc<str> = text.into();
        self.strings.push(Arc::clone(&shared));
        self.string_ids.insert(shared, id);
        Val::Str(id)
    }

    /// The text of string `id`.
    pub fn string_text(&self, id: u32) -> &str {
        self.strings.get(id as usize).map_or("", |s| s)
    }

    /// The interned function term `name(args)` (negated when `negative`).
    pub fn fun(&mut self, name: u32, negative: bool, args: &[Val]) -> Val {
        let hash = fun_hash(name, negative, args);
        let newest = self.buckets.get(&hash).copied();
        if let Some(id) = newest.and_then(|id| self.find_in_chain(id, name, negative, args)) {
            return Val::Fun(id);
        }
        let id = self.funs.len() as u32;
        self.funs.push(FunEntry {
            name,
            negative,
            start: self.args.len() as u32,
            len: args.len() as u32,
            next: newest.unwrap_or(NO_NEXT),
        });
        self.args.extend_from_slice(args);
        self.buckets.insert(hash, id);
        Val::Fun(id)
    }

    /// The function term `name(args)` if it was interned (nothing is added).
    pub fn find_fun(&self, name: u32, negative: bool, args: &[Val]) -> Option<Val> {
        let newest = *self.buckets.get(&fun_hash(name, negative, args))?;
        self.find_in_chain(newest, name, negative, args)
            .map(Val::Fun)
    }

    /// The function with this content on the hash chain starting at `id`.
    fn find_in_chain(&self, mut id: u32, name: u32, negative: bool, args: &[Val]) -> Option<u32> {
        while id != NO_NEXT {
            let f = self.fun_data(id);
            if f.name == name && f.negative == negative && f.args == args {
                return Some(id);
            }
            id = self.funs.get(id as usize).map_or(NO_NEXT, |e| e.next);
        }
        None
    }

    /// The data of function `id`.
    pub fn fun_data(&self, id: u32) -> FunData<'_> {
        let Some(e) = self.funs.get(id as usize) else {
            return NO_FUN;
        };
        let (start, end) = (e.start as usize, e.start as usize + e.len as usize);
        FunData {
            name: e.name,
            negative: e.negative,
            args: self.args.get(start..end).unwrap_or(&[]),
        }
    }

    /// The function's data when `v` is a function term.
    pub fn as_fun(&self, v: Val) -> Option<FunData<'_>> {
        match v {
            Val::Fun(id) => Some(self.fun_data(id)),
            _ => None,
        }
    }

    /// The constant `name`.
    #[cfg(test)]
    pub fn constant(&mut self, name: &str) -> Val {
        let n = self.name(name);
        self.fun(n, false, &[])
    }

    /// clingo's rank of a term's kind (see the module doc).
    fn rank(&self, v: Val) -> u8 {
        match v {
            Val::Inf => 0,
            Val::Num(_) => 1,
            Val::Fun(id) => {
                let f = self.fun_data(id);
                match (f.args.is_empty(), f.negative) {
                    (true, false) => 2,
                    (true, true) => 3,
                    (false, _) => 5,
                }
            }
            Val::Str(_) => 4,
            Val::Sup => 6,
        }
    }

    /// clingo's total order on terms.
    pub fn cmp(&self, a: Val, b: Val) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match (a, b) {
            (Val::Num(x), Val::Num(y)) => x.cmp(&y),
            (Val::Str(x), Val::Str(y)) => self.string_text(x).cmp(self.string_text(y)),
            (Val::Fun(x), Val::Fun(y)) => self.cmp_fun(x, y),
            _ => self.rank(a).cmp(&self.rank(b)),
        }
    }

    fn cmp_fun(&self, x: u32, y: u32) -> Ordering {
        let (f, g) = (self.fun_data(x), self.fun_data(y));
        let rank = self.rank(Val::Fun(x)).cmp(&self.rank(Val::Fun(y)));
        rank.then_with(|| f.negative.cmp(&g.negative))
            .then_with(|| f.args.len().cmp(&g.args.len()))
            .then_with(|| self.name_text(f.name).cmp(self.name_text(g.name)))
            .then_with(|| {
                for (&p, &q) in f.args.iter().zip(g.args.iter()) {
                    let o = self.cmp(p, q);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                Ordering::Equal
            })
    }

    /// Drops the lookup maps and spare capacity of a table that will only be read from now
    /// on (see `symbols`); interning into it afterwards would duplicate terms.
    pub fn freeze(&mut self) {
        self.name_ids = FxHashMap::default();
        self.string_ids = FxHashMap::default();
        self.buckets = FxHashMap::default();
        self.names.shrink_to_fit();
        self.strings.shrink_to_fit();
        self.funs.shrink_to_fit();
        self.args.shrink_to_fit();
    }

    /// Whether the table holds no name, string or function.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.strings.is_empty() && self.funs.is_empty()
    }

    /// Appends to `mirror` the names, strings and functions this table made after those
    /// `mirror` has, so that `mirror` holds the same ids for the same terms (it must be a
    /// copy of a prefix of this table: made by earlier calls, or empty). The mirror gets no
    /// lookup maps: it is frozen and only read. Costs what was added since the last call.
    pub fn extend_mirror(&self, mirror: &mut Interner) {
        let tail = |all: &[Arc<str>], have: usize| all.get(have..).unwrap_or(&[]).to_vec();
        mirror.names.extend(tail(&self.names, mirror.names.len()));
        mirror
            .strings
            .extend(tail(&self.strings, mirror.strings.len()));
        let funs = self.funs.get(mirror.funs.len()..).unwrap_or(&[]);
        mirror.funs.extend_from_slice(funs);
        let args = self.args.get(mirror.args.len()..).unwrap_or(&[]);
        mirror.args.extend_from_slice(args);
        debug_assert!(mirror.name_ids.is_empty() && mirror.buckets.is_empty());
    }

    /// The owned public form of `v`.
    pub fn to_symbol(&self, v: Val) -> Symbol {
        match v {
            Val::Inf => Symbol::Infimum,
            Val::Sup => Symbol::Supremum,
            Val::Num(n) => Symbol::Number(n),
            Val::Str(id) => Symbol::String(self.string_text(id).to_string()),
            Val::Fun(id) => {
                let f = self.fun_data(id);
                Symbol::Function {
                    name: self.name_text(f.name).to_string(),
                    args: f.args.iter().map(|&a| self.to_symbol(a)).collect(),
                    negative: f.negative,
                }
            }
        }
    }

    /// Interns a public symbol.
    pub fn intern_symbol(&mut self, s: &Symbol) -> Val {
        match s {
            Symbol::Infimum => Val::Inf,
            Symbol::Supremum => Val::Sup,
            Symbol::Number(n) => Val::Num(*n),
            Symbol::String(t) => self.string(t),
            Symbol::Function {
                name,
                args,
                negative,
            } => {
                let args: Vec<Val> = args.iter().map(|a| self.intern_symbol(a)).collect();
                let n = self.name(name);
                self.fun(n, *negative, &args)
            }
        }
    }

    /// A value that prints `v` as clingo does.
    pub fn show(&self, v: Val) -> ShowVal<'_> {
        ShowVal(self, v)
    }
}

/// Prints a [`Val`] in clingo's syntax.
pub(crate) struct ShowVal<'a>(&'a Interner, Val);

impl fmt::Display for ShowVal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ShowVal(table, v) = *self;
        match v {
            Val::Inf => f.write_str("#inf"),
            Val::Sup => f.write_str("#sup"),
            Val::Num(n) => write!(f, "{n}"),
            Val::Str(id) => {
                f.write_str("\"")?;
                crate::term::symbol::write_escaped(f, table.string_text(id))?;
                f.write_str("\"")
            }
            Val::Fun(id) => {
                let data = table.fun_data(id);
                let name = table.name_text(data.name);
                if data.negative {
                    f.write_str("-")?;
                }
                f.write_str(name)?;
                if data.args.is_empty() && !name.is_empty() {
                    return Ok(());
                }
                f.write_str("(")?;
                for (i, &arg) in data.args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", table.show(arg))?;
                }
                if name.is_empty() && data.args.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order clingo 5.8.3 gives (from counting `Y < X` over these terms).
    #[test]
    fn term_order_matches_clingo() {
        let mut t = Interner::default();
        let (a, b, f, g, ff, aa, e) = (
            t.name("a"),
            t.name("b"),
            t.name("f"),
            t.name("g"),
            t.name("ff"),
            t.name("aa"),
            t.name(""),
        );
        let ca = t.fun(a, false, &[]);
        let cb = t.fun(b, false, &[]);
        let expected = vec![
            Val::Inf,
            Val::Num(-3),
            Val::Num(1),
            t.fun(e, false, &[]),
            ca,
            cb,
            t.fun(ff, false, &[]),
            t.fun(a, true, &[]),
            t.fun(b, true, &[]),
            t.string("a"),
            t.string("s"),
            t.fun(e, false, &[Val::Num(1)]),
            t.fun(aa, false, &[Val::Num(1)]),
            t.fun(f, false, &[Val::Num(-1)]),
            t.fun(f, false, &[Val::Num(1)]),
            t.fun(g, false, &[Val::Num(1)]),
            t.fun(e, false, &[Val::Num(1), Val::Num(2)]),
            t.fun(f, false, &[ca, cb]),
            t.fun(f, true, &[Val::Num(1)]),
            t.fun(e, true, &[Val::Num(1), Val::Num(2)]),
            Val::Sup,
        ];
        for (i, &x) in expected.iter().enumerate() {
            for (j, &y) in expected.iter().enumerate() {
                assert_eq!(t.cmp(x, y), i.cmp(&j), "{} vs {}", t.show(x), t.show(y));
                let (sx, sy) = (t.to_symbol(x), t.to_symbol(y));
                assert_eq!(sx.cmp(&sy), i.cmp(&j), "symbols {sx} vs {sy}");
            }
        }
    }

    #[test]
    fn interning_is_stable_and_prints() {
        let mut t = Interner::default();
        let s = Symbol::function(
            "p",
            vec![
                Symbol::String("a\"b".into()),
                Symbol::tuple(vec![Symbol::Number(1)]),
            ],
        );
        let v = t.intern_symbol(&s);
        assert_eq!(t.intern_symbol(&s), v);
        assert_eq!(t.to_symbol(v), s);
        assert_eq!(t.show(v).to_string(), "p(\"a\\\"b\",(1,))");
    }
}

//! Interning with memoized algebra (seed 001's interned layouts): a caller-owned table gives
//! each distinct layout, plain or swizzled, one id, and remembers the results of the algebra on
//! ids, so that a search that asks the same question twice computes it once.
//!
//! A layout's id is its identity as written, structure included (`(2,4):(1,2)` and `8:1` are
//! different layouts to the algebra, whose results keep hierarchy); the canonical-form table,
//! which identifies equivalent layouts, is [`LayoutInterner`](super::LayoutInterner).
//!
//! ```
//! use cute::dynamic::{logical_divide, Layout, LayoutTable};
//! let mut t = LayoutTable::new();
//! let a = t.intern(&"(8,16):(16,1)".parse().unwrap()).unwrap();
//! let b = t.intern(&"4:2".parse().unwrap()).unwrap();
//! let d = t.logical_divide(a, b).unwrap();
//! // Asked again: the same id, from the memo.
//! assert_eq!(t.logical_divide(a, b).unwrap(), d);
//! assert_eq!(t.stats().hits, 1);
//! let plain = logical_divide(&"(8,16):(16,1)".parse().unwrap(), &"4:2".parse().unwrap()).unwrap();
//! assert_eq!(t.layout(d).unwrap(), &plain);
//! ```

use std::collections::HashMap;
use std::format;
use std::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

use super::composed::ComposedLayout;
use super::error::{bail, Error, ErrorKind, Result};
use super::layout::Layout;
use super::tiler::Tiler;

/// The id of a layout in a [`LayoutTable`]: equal ids are equal layouts (O(1) to compare). An
/// id is valid only in the table that gave it and until that table is cleared; elsewhere it is
/// an error of kind [`InvalidArgument`](ErrorKind::InvalidArgument), never another layout.
///
/// ```
/// use cute::dynamic::LayoutTable;
/// let mut t = LayoutTable::new();
/// let a = t.intern(&"4:1".parse().unwrap()).unwrap();
/// assert_eq!(a, t.intern(&"4:1".parse().unwrap()).unwrap());
/// assert_ne!(a, t.intern(&"(4):(1)".parse().unwrap()).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableId {
    /// The table: its number and its generation (bumped by `clear`).
    owner: Owner,
    index: u32,
}

/// A table's number (one per table made, 64 bits: never reused in practice) and generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Owner {
    table: u64,
    generation: u64,
}

impl Owner {
    /// A new table's first generation.
    fn next_table() -> Owner {
        Owner { table: TABLES.fetch_add(1, Ordering::Relaxed), generation: 0 }
    }
}

/// A layout of a [`LayoutTable`]: plain, or a swizzle after a layout.
///
/// ```
/// use cute::dynamic::{Entry, LayoutTable};
/// let mut t = LayoutTable::new();
/// let id = t.intern(&"8:1".parse().unwrap()).unwrap();
/// assert!(matches!(t.get(id).unwrap(), Entry::Plain(l) if l.to_string() == "8:1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A layout.
    Plain(Layout),
    /// `Sw o offset o L`.
    Swizzled(ComposedLayout),
}

/// How often the memo answered: `hits` questions answered from it, `misses` computed (and
/// then remembered), `evictions` times it was emptied at its capacity.
///
/// ```
/// let t = cute::dynamic::LayoutTable::new();
/// assert_eq!((t.stats().hits, t.stats().misses, t.stats().evictions), (0, 0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Answers from the memo.
    pub hits: u64,
    /// Answers computed.
    pub misses: u64,
    /// Times the memo was emptied because it held its capacity.
    pub evictions: u64,
}

/// The question of a memoized answer: an operation and its operands' indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Question {
    Composition(u32, u32),
    Complement(u32, i64),
    ComplementDefault(u32),
    Divide(Divide, u32, u32),
    Product(Product, u32, u32),
    RightInverse(u32),
    LeftInverse(u32),
    Coalesce(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Divide {
    Logical,
    Zipped,
    Tiled,
    Flat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Product {
    Logical,
    Zipped,
    Tiled,
    Flat,
    Blocked,
    Raked,
}

/// Distinguishes tables, so that an id of one is refused by another.
static TABLES: AtomicU64 = AtomicU64::new(0);

/// A caller-owned interning table with memoized algebra.
///
/// Memory is bounded by two capacities: the table holds at most `layouts` distinct layouts
/// (interning one more is an error of kind [`Overflow`](ErrorKind::Overflow); [`clear`](Self::clear)
/// empties it and invalidates its ids), and the memo at most `answers` results (at that size it
/// is emptied, so a question is at worst computed again). Errors are answers too: a question
/// that failed fails again from the memo with the same error.
///
/// The table is a plain value, changed through `&mut self`: give each thread its own, or share
/// one behind a `Mutex`. Ids are valid only in the table that gave them.
///
/// ```
/// use cute::dynamic::{ErrorKind, LayoutTable};
/// let mut t = LayoutTable::with_capacity(2, 16);
/// let a = t.intern(&"(4,6,8):(2,3,5)".parse().unwrap()).unwrap();
/// let b = t.intern(&"6:3".parse().unwrap()).unwrap();
/// // CuTe's stride divisibility condition, remembered.
/// assert_eq!(t.composition(a, b).unwrap_err().kind(), ErrorKind::StrideDivisibility);
/// assert_eq!(t.composition(a, b).unwrap_err().kind(), ErrorKind::StrideDivisibility);
/// assert_eq!((t.stats().hits, t.stats().misses), (1, 1));
/// // The table is full.
/// assert_eq!(t.intern(&"8:1".parse().unwrap()).unwrap_err().kind(), ErrorKind::Overflow);
/// ```
#[derive(Debug)]
pub struct LayoutTable {
    owner: Owner,
    capacity: usize,
    answers: usize,
    ids: HashMap<Entry, u32>,
    entries: Vec<Entry>,
    memo: HashMap<Question, core::result::Result<u32, Error>>,
    stats: Stats,
}

impl Default for LayoutTable {
    fn default() -> Self {
        LayoutTable::new()
    }
}

impl LayoutTable {
    /// A table of up to 65,536 layouts and 65,536 remembered answers.
    ///
    /// ```
    /// assert!(cute::dynamic::LayoutTable::new().is_empty());
    /// ```
    pub fn new() -> LayoutTable {
        LayoutTable::with_capacity(1 << 16, 1 << 16)
    }

    /// A table of up to `layouts` layouts (at most 2^32) and `answers` remembered answers.
    ///
    /// ```
    /// let t = cute::dynamic::LayoutTable::with_capacity(8, 8);
    /// assert_eq!(t.len(), 0);
    /// ```
    pub fn with_capacity(layouts: usize, answers: usize) -> LayoutTable {
        LayoutTable {
            owner: Owner::next_table(),
            capacity: layouts.min(1 << 32),
            answers,
            ids: HashMap::new(),
            entries: Vec::new(),
            memo: HashMap::new(),
            stats: Stats::default(),
        }
    }

    /// The id of a layout, added if new.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(8,8):(8,1)".parse().unwrap()).unwrap();
    /// assert_eq!(t.layout(a).unwrap().to_string(), "(8,8):(8,1)");
    /// ```
    pub fn intern(&mut self, layout: &Layout) -> Result<TableId> {
        self.insert(Entry::Plain(layout.clone()))
    }

    /// The id of a swizzled layout, added if new (its swizzle and offset are part of it).
    ///
    /// ```
    /// use cute::dynamic::{ComposedLayout, LayoutTable};
    /// use cute::swizzle::{SW32, SW64};
    /// let mut t = LayoutTable::new();
    /// let l = "(4,64):(64,1)".parse().unwrap();
    /// let a = t.intern_composed(&ComposedLayout::new(SW32, 0, l)).unwrap();
    /// let b = t.intern_composed(&ComposedLayout::new(SW64, 0, "(4,64):(64,1)".parse().unwrap())).unwrap();
    /// assert_ne!(a, b);
    /// ```
    pub fn intern_composed(&mut self, layout: &ComposedLayout) -> Result<TableId> {
        self.insert(Entry::Swizzled(layout.clone()))
    }

    /// The layout or swizzled layout of an id.
    ///
    /// ```
    /// use cute::dynamic::{Entry, LayoutTable};
    /// let mut t = LayoutTable::new();
    /// let id = t.intern(&"4:2".parse().unwrap()).unwrap();
    /// assert_eq!(t.get(id).unwrap(), &Entry::Plain("4:2".parse().unwrap()));
    /// ```
    pub fn get(&self, id: TableId) -> Result<&Entry> {
        match self.entries.get(id.index as usize) {
            Some(e) if id.owner == self.owner => Ok(e),
            _ => bail!(InvalidArgument, "layout table: {:?} is not an id of this table (or it was cleared)", id),
        }
    }

    /// The plain layout of an id; a swizzled one is an error of kind
    /// [`InvalidArgument`](ErrorKind::InvalidArgument).
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let id = t.intern(&"4:2".parse().unwrap()).unwrap();
    /// assert_eq!(t.layout(id).unwrap().to_string(), "4:2");
    /// ```
    pub fn layout(&self, id: TableId) -> Result<&Layout> {
        match self.get(id)? {
            Entry::Plain(l) => Ok(l),
            Entry::Swizzled(c) => bail!(InvalidArgument, "layout table: {} is swizzled, not a layout", c),
        }
    }

    /// The number of distinct layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// t.intern(&"4:1".parse().unwrap()).unwrap();
    /// t.intern(&"4:1".parse().unwrap()).unwrap();
    /// assert_eq!(t.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds no layout.
    ///
    /// ```
    /// assert!(cute::dynamic::LayoutTable::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How often the memo answered.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(4,8):(8,1)".parse().unwrap()).unwrap();
    /// t.right_inverse(a).unwrap();
    /// t.right_inverse(a).unwrap();
    /// assert_eq!((t.stats().hits, t.stats().misses), (1, 1));
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Empty the table and its memo; its ids are no longer valid (a new generation).
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"4:1".parse().unwrap()).unwrap();
    /// t.clear();
    /// assert!(t.get(a).is_err());
    /// ```
    pub fn clear(&mut self) {
        self.ids.clear();
        self.entries.clear();
        self.memo.clear();
        // A new generation; past 2^64 of them, a new table number (ids never repeat).
        self.owner = match self.owner.generation.checked_add(1) {
            Some(generation) => Owner { generation, ..self.owner },
            None => Owner::next_table(),
        };
    }

    /// CuTe's `composition(A, B)`, `A o B`, of interned layouts; `A` may be swizzled (the
    /// swizzle stays outside), `B` is a layout.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(4,6,8,10):(2,3,5,7)".parse().unwrap()).unwrap();
    /// let b = t.intern(&"6:12".parse().unwrap()).unwrap();
    /// let c = t.composition(a, b).unwrap();
    /// assert_eq!(t.layout(c).unwrap().to_string(), "(2,3):(9,5)");
    /// ```
    pub fn composition(&mut self, a: TableId, b: TableId) -> Result<TableId> {
        self.binary(Question::Composition(a.index, b.index), a, b, super::composition)
    }

    /// CuTe's `complement(A, M)` of an interned layout and a cotarget size.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"4:2".parse().unwrap()).unwrap();
    /// let c = t.complement(a, 24).unwrap();
    /// assert_eq!(t.layout(c).unwrap().to_string(), "(2,3):(1,8)");
    /// ```
    pub fn complement(&mut self, a: TableId, cotarget: i64) -> Result<TableId> {
        self.unary(Question::Complement(a.index, cotarget), a, |l| {
            super::complement(plain(l, "complement")?, &cotarget.into()).map(Entry::Plain)
        })
    }

    /// CuTe's `complement(A)`, up to `cosize(filter(A))`.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"4:2".parse().unwrap()).unwrap();
    /// let c = t.complement_default(a).unwrap();
    /// assert_eq!(t.layout(c).unwrap().to_string(), "2:1");
    /// ```
    pub fn complement_default(&mut self, a: TableId) -> Result<TableId> {
        self.unary(Question::ComplementDefault(a.index), a, |l| {
            super::complement_default(plain(l, "complement")?).map(Entry::Plain)
        })
    }

    /// CuTe's `right_inverse`; of a swizzled layout, the swizzled layout's.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(4,8):(8,1)".parse().unwrap()).unwrap();
    /// let r = t.right_inverse(a).unwrap();
    /// assert_eq!(t.layout(r).unwrap().to_string(), "(8,4):(4,1)");
    /// ```
    pub fn right_inverse(&mut self, a: TableId) -> Result<TableId> {
        self.unary(Question::RightInverse(a.index), a, |e| match e {
            Entry::Plain(l) => super::right_inverse(l).map(Entry::Plain),
            Entry::Swizzled(c) => c.right_inverse().map(Entry::Swizzled),
        })
    }

    /// CuTe's `left_inverse`; of a swizzled layout, the swizzled layout's.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(4,8):(1,5)".parse().unwrap()).unwrap();
    /// let r = t.left_inverse(a).unwrap();
    /// assert_eq!(t.layout(r).unwrap().to_string(), "(5,8):(1,4)");
    /// ```
    pub fn left_inverse(&mut self, a: TableId) -> Result<TableId> {
        self.unary(Question::LeftInverse(a.index), a, |e| match e {
            Entry::Plain(l) => super::left_inverse(l).map(Entry::Plain),
            Entry::Swizzled(c) => c.left_inverse().map(Entry::Swizzled),
        })
    }

    /// CuTe's `coalesce`; of a swizzled layout, its inner layout's (the same function).
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let a = t.intern(&"(2,(1,6)):(1,(6,2))".parse().unwrap()).unwrap();
    /// let c = t.coalesce(a).unwrap();
    /// assert_eq!(t.layout(c).unwrap().to_string(), "12:1");
    /// ```
    pub fn coalesce(&mut self, a: TableId) -> Result<TableId> {
        self.unary(Question::Coalesce(a.index), a, |e| map_inner(e, super::coalesce))
    }

    /// The id of `entry`, added if new.
    fn insert(&mut self, entry: Entry) -> Result<TableId> {
        if let Some(&index) = self.ids.get(&entry) {
            return Ok(TableId { owner: self.owner, index });
        }
        let index = match u32::try_from(self.entries.len()) {
            Ok(i) if self.entries.len() < self.capacity => i,
            _ => bail!(Overflow, "layout table: it holds its capacity of {} layouts", self.capacity),
        };
        self.ids.insert(entry.clone(), index);
        self.entries.push(entry);
        Ok(TableId { owner: self.owner, index })
    }

    /// The remembered answer to `q`, or `f`'s, remembered.
    fn answer(&mut self, q: Question, f: impl FnOnce(&Self) -> Result<Entry>) -> Result<TableId> {
        if let Some(a) = self.memo.get(&q) {
            self.stats.hits = self.stats.hits.saturating_add(1);
            return a.clone().map(|index| TableId { owner: self.owner, index });
        }
        self.stats.misses = self.stats.misses.saturating_add(1);
        let result = f(self).and_then(|e| self.insert(e));
        if self.memo.len() >= self.answers {
            self.memo.clear();
            self.stats.evictions = self.stats.evictions.saturating_add(1);
        }
        if self.answers > 0 {
            self.memo.insert(q, result.clone().map(|id| id.index));
        }
        result
    }

    fn unary(&mut self, q: Question, a: TableId, f: impl FnOnce(&Entry) -> Result<Entry>) -> Result<TableId> {
        self.get(a)?;
        self.answer(q, |t| f(t.get(a)?))
    }

    /// `f(A, B)` of a plain or swizzled `A` (the swizzle kept outside) and a plain `B`.
    fn binary(
        &mut self,
        q: Question,
        a: TableId,
        b: TableId,
        f: impl FnOnce(&Layout, &Layout) -> Result<Layout>,
    ) -> Result<TableId> {
        self.get(a)?;
        self.get(b)?;
        self.answer(q, |t| {
            let b = plain(t.get(b)?, "the right operand")?;
            map_inner(t.get(a)?, |l| f(l, b))
        })
    }
}

/// The divides and products: `f(A, B)` of an interned `A` (plain or swizzled) and layout `B`.
macro_rules! by_layout {
    ($($(#[$doc:meta])* $name:ident => $question:ident::$kind:ident, $f:expr;)*) => {
        impl LayoutTable {$(
            $(#[$doc])*
            pub fn $name(&mut self, a: TableId, b: TableId) -> Result<TableId> {
                self.binary(Question::$question($question::$kind, a.index, b.index), a, b, $f)
            }
        )*}
    };
}

by_layout! {
    /// CuTe's `logical_divide(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"16:1".parse().unwrap()).unwrap(), t.intern(&"4:2".parse().unwrap()).unwrap());
    /// let d = t.logical_divide(a, b).unwrap();
    /// assert_eq!(t.layout(d).unwrap().to_string(), "(4,(2,2)):(2,(1,8))");
    /// ```
    logical_divide => Divide::Logical, |a, b| super::logical_divide(a, &Tiler::Layout(b.clone()));
    /// CuTe's `zipped_divide(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"16:1".parse().unwrap()).unwrap(), t.intern(&"4:1".parse().unwrap()).unwrap());
    /// let d = t.zipped_divide(a, b).unwrap();
    /// assert_eq!(t.layout(d).unwrap().to_string(), "(4,4):(1,4)");
    /// ```
    zipped_divide => Divide::Zipped, |a, b| super::zipped_divide(a, &Tiler::Layout(b.clone()));
    /// CuTe's `tiled_divide(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"16:1".parse().unwrap()).unwrap(), t.intern(&"4:1".parse().unwrap()).unwrap());
    /// let d = t.tiled_divide(a, b).unwrap();
    /// assert_eq!(t.layout(d).unwrap().to_string(), "(4,4):(1,4)");
    /// ```
    tiled_divide => Divide::Tiled, |a, b| super::tiled_divide(a, &Tiler::Layout(b.clone()));
    /// CuTe's `flat_divide(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"16:1".parse().unwrap()).unwrap(), t.intern(&"4:1".parse().unwrap()).unwrap());
    /// let d = t.flat_divide(a, b).unwrap();
    /// assert_eq!(t.layout(d).unwrap().to_string(), "(4,4):(1,4)");
    /// ```
    flat_divide => Divide::Flat, |a, b| super::flat_divide(a, &Tiler::Layout(b.clone()));
    /// CuTe's `logical_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"(2,2):(4,1)".parse().unwrap()).unwrap(), t.intern(&"6:1".parse().unwrap()).unwrap());
    /// let p = t.logical_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    /// ```
    logical_product => Product::Logical, |a, b| super::logical_product(a, &Tiler::Layout(b.clone()));
    /// CuTe's `zipped_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"2:1".parse().unwrap()).unwrap(), t.intern(&"3:1".parse().unwrap()).unwrap());
    /// let p = t.zipped_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "(2,3):(1,2)");
    /// ```
    zipped_product => Product::Zipped, |a, b| super::zipped_product(a, &Tiler::Layout(b.clone()));
    /// CuTe's `tiled_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"2:1".parse().unwrap()).unwrap(), t.intern(&"3:1".parse().unwrap()).unwrap());
    /// let p = t.tiled_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "(2,3):(1,2)");
    /// ```
    tiled_product => Product::Tiled, |a, b| super::tiled_product(a, &Tiler::Layout(b.clone()));
    /// CuTe's `flat_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"2:1".parse().unwrap()).unwrap(), t.intern(&"3:1".parse().unwrap()).unwrap());
    /// let p = t.flat_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "(2,3):(1,2)");
    /// ```
    flat_product => Product::Flat, |a, b| super::flat_product(a, &Tiler::Layout(b.clone()));
    /// CuTe's `blocked_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"(2,2):(1,2)".parse().unwrap()).unwrap(), t.intern(&"(2,4):(1,2)".parse().unwrap()).unwrap());
    /// let p = t.blocked_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "((2,2),(2,4)):((1,4),(2,8))");
    /// ```
    blocked_product => Product::Blocked, super::blocked_product;
    /// CuTe's `raked_product(A, B)` of interned layouts.
    ///
    /// ```
    /// use cute::dynamic::LayoutTable;
    /// let mut t = LayoutTable::new();
    /// let (a, b) = (t.intern(&"(2,2):(1,2)".parse().unwrap()).unwrap(), t.intern(&"(2,4):(1,2)".parse().unwrap()).unwrap());
    /// let p = t.raked_product(a, b).unwrap();
    /// assert_eq!(t.layout(p).unwrap().to_string(), "((2,2),(4,2)):((4,1),(8,2))");
    /// ```
    raked_product => Product::Raked, super::raked_product;
}

/// The plain layout of an entry, or an error naming what needed one.
fn plain<'a>(e: &'a Entry, what: &str) -> Result<&'a Layout> {
    match e {
        Entry::Plain(l) => Ok(l),
        Entry::Swizzled(c) => Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("layout table: {} must be a layout, not the swizzled {}", what, c),
        )),
    }
}

/// `f` of a plain layout, or of a swizzled layout's inner layout with the swizzle kept.
fn map_inner(e: &Entry, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<Entry> {
    match e {
        Entry::Plain(l) => f(l).map(Entry::Plain),
        Entry::Swizzled(c) => c.map_inner(f).map(Entry::Swizzled),
    }
}

//! Canonical forms and equivalence of layouts, as seed 001 describes them: `filter_zeros` then
//! `coalesce` is the canonical form (it drops the broadcast modes, which address no memory, and
//! merges the modes that are contiguous, without changing the offsets the rest produce), two
//! layouts are equivalent when their canonical forms are equal, and an interning table gives
//! one id per distinct canonical layout. A swizzled layout's swizzle and offset are part of its
//! identity: two layouts with the same shape and stride but different swizzles are distinct.
//!
//! ```
//! use cute::dynamic::{canonical, layouts_equivalent, Layout};
//! let a: Layout = "((2,2),3):((1,2),0)".parse().unwrap();
//! assert_eq!(canonical(&a).unwrap().to_string(), "4:1");
//! assert!(layouts_equivalent(&a, &"4:1".parse().unwrap()).unwrap());
//! assert!(!layouts_equivalent(&a, &"4:2".parse().unwrap()).unwrap());
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::coalesce::coalesce_into;
use super::composed::ComposedLayout;
use super::error::{bail, named, Result};
use super::layout::Layout;
use crate::swizzle::SW_NONE;

/// The canonical form of a layout: `coalesce(filter_zeros(L))`.
///
/// ```
/// use cute::dynamic::{canonical, Layout};
/// let l: Layout = "(2,(4,3)):(1,(2,0))".parse().unwrap();
/// assert_eq!(canonical(&l).unwrap().to_string(), "8:1");
/// // Idempotent.
/// assert_eq!(canonical(&canonical(&l).unwrap()).unwrap(), canonical(&l).unwrap());
/// ```
pub fn canonical(layout: &Layout) -> Result<Layout> {
    named!(coalesce_into(&super::filter_zeros(layout)), "canonical({})", layout)
}

/// Whether two layouts have the same canonical form (seed 001's verifier-level equivalence).
///
/// ```
/// use cute::dynamic::layouts_equivalent;
/// assert!(layouts_equivalent(&"(2,4):(4,1)".parse().unwrap(), &"(2,4):(4,1)".parse().unwrap()).unwrap());
/// assert!(layouts_equivalent(&"(2,4):(1,2)".parse().unwrap(), &"8:1".parse().unwrap()).unwrap());
/// assert!(!layouts_equivalent(&"(2,4):(4,1)".parse().unwrap(), &"8:1".parse().unwrap()).unwrap());
/// ```
pub fn layouts_equivalent(a: &Layout, b: &Layout) -> Result<bool> {
    let r = canonical(a).and_then(|x| Ok(x == canonical(b)?));
    named!(r, "layouts_equivalent({}, {})", a, b)
}

/// A layout in canonical form, plain or swizzled: the key of the interning table.
///
/// ```
/// use cute::dynamic::{CanonicalLayout, ComposedLayout};
/// use cute::swizzle::{SW128, SW_NONE};
/// let l = "(8,128):(128,1)".parse().unwrap();
/// let plain = CanonicalLayout::of(&l).unwrap();
/// assert_eq!(plain.to_string(), "(8,128):(128,1)");
/// let swizzled = CanonicalLayout::of_composed(&ComposedLayout::new(SW128, 0, l.clone())).unwrap();
/// assert_eq!(swizzled.to_string(), "Sw<3,4,3> o 0 o (8,128):(128,1)");
/// // No swizzle and no offset: the plain layout.
/// assert_eq!(CanonicalLayout::of_composed(&ComposedLayout::new(SW_NONE, 0, l)).unwrap(), plain);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CanonicalLayout {
    /// A layout in canonical form.
    Plain(Layout),
    /// A swizzled layout whose inner layout is in canonical form (a swizzle that changes no
    /// offset is written `Sw<0,0,0>`, whatever its `M` and `S`).
    Swizzled(ComposedLayout),
}

impl CanonicalLayout {
    /// The canonical form of a plain layout.
    ///
    /// ```
    /// use cute::dynamic::CanonicalLayout;
    /// assert_eq!(CanonicalLayout::of(&"(4,2):(1,0)".parse().unwrap()).unwrap().to_string(), "4:1");
    /// ```
    pub fn of(layout: &Layout) -> Result<CanonicalLayout> {
        Ok(CanonicalLayout::Plain(canonical(layout)?))
    }

    /// The canonical form of a swizzled layout: its inner layout canonical, its swizzle kept
    /// (its identity), a plain layout when it changes nothing (no swizzle, offset 0).
    ///
    /// ```
    /// use cute::dynamic::{CanonicalLayout, ComposedLayout};
    /// use cute::swizzle::Swizzle;
    /// let c = ComposedLayout::new(Swizzle::new(0, 3, 5).unwrap(), 4, "(4,2):(1,4)".parse().unwrap());
    /// assert_eq!(CanonicalLayout::of_composed(&c).unwrap().to_string(), "Sw<0,0,0> o 4 o 8:1");
    /// ```
    pub fn of_composed(layout: &ComposedLayout) -> Result<CanonicalLayout> {
        let inner = canonical(layout.inner())?;
        let swizzle = if layout.swizzle().is_identity() { SW_NONE } else { layout.swizzle() };
        if swizzle == SW_NONE && layout.offset() == 0 {
            return Ok(CanonicalLayout::Plain(inner));
        }
        Ok(CanonicalLayout::Swizzled(ComposedLayout::new(swizzle, layout.offset(), inner)))
    }
}

impl fmt::Display for CanonicalLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonicalLayout::Plain(l) => l.fmt(f),
            CanonicalLayout::Swizzled(c) => c.fmt(f),
        }
    }
}

/// The id of a canonical layout in a [`LayoutInterner`].
///
/// ```
/// use cute::dynamic::LayoutInterner;
/// let mut t = LayoutInterner::new();
/// assert_eq!(t.intern(&"4:1".parse().unwrap()).unwrap().index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LayoutId(u32);

impl LayoutId {
    /// The position of the layout in its table, from 0.
    ///
    /// ```
    /// use cute::dynamic::LayoutInterner;
    /// let mut t = LayoutInterner::new();
    /// t.intern(&"4:1".parse().unwrap()).unwrap();
    /// assert_eq!(t.intern(&"8:1".parse().unwrap()).unwrap().index(), 1);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An interning table: one id per distinct canonical layout (plain or swizzled), the same id
/// for equivalent layouts.
///
/// ```
/// use cute::dynamic::{ComposedLayout, LayoutInterner};
/// use cute::swizzle::SW128;
/// let mut t = LayoutInterner::new();
/// let a = t.intern(&"(8,128):(128,1)".parse().unwrap()).unwrap();
/// let b = t.intern(&"((8,1),(128,4)):((128,0),(1,0))".parse().unwrap()).unwrap();
/// let s = t.intern_composed(&ComposedLayout::new(SW128, 0, "(8,128):(128,1)".parse().unwrap())).unwrap();
/// assert_eq!(a, b);
/// assert_ne!(a, s);
/// assert_eq!((t.len(), t.get(s).unwrap().to_string()), (2, "Sw<3,4,3> o 0 o (8,128):(128,1)".to_string()));
/// ```
#[derive(Clone, Debug, Default)]
pub struct LayoutInterner {
    ids: BTreeMap<String, LayoutId>,
    layouts: Vec<CanonicalLayout>,
}

impl LayoutInterner {
    /// An empty table.
    ///
    /// ```
    /// assert!(cute::dynamic::LayoutInterner::new().is_empty());
    /// ```
    pub fn new() -> LayoutInterner {
        LayoutInterner::default()
    }

    /// The id of a plain layout's canonical form, added if new.
    ///
    /// ```
    /// use cute::dynamic::LayoutInterner;
    /// let mut t = LayoutInterner::new();
    /// assert_eq!(t.intern(&"(4,2):(1,0)".parse().unwrap()).unwrap(), t.intern(&"4:1".parse().unwrap()).unwrap());
    /// ```
    pub fn intern(&mut self, layout: &Layout) -> Result<LayoutId> {
        self.insert(CanonicalLayout::of(layout)?)
    }

    /// The id of a swizzled layout's canonical form, added if new.
    ///
    /// ```
    /// use cute::dynamic::{ComposedLayout, Layout, LayoutInterner};
    /// use cute::swizzle::{SW32, SW64};
    /// let mut t = LayoutInterner::new();
    /// let l: Layout = "(4,64):(64,1)".parse().unwrap();
    /// let a = t.intern_composed(&ComposedLayout::new(SW32, 0, l.clone())).unwrap();
    /// assert_ne!(a, t.intern_composed(&ComposedLayout::new(SW64, 0, l)).unwrap());
    /// ```
    pub fn intern_composed(&mut self, layout: &ComposedLayout) -> Result<LayoutId> {
        self.insert(CanonicalLayout::of_composed(layout)?)
    }

    /// The canonical layout of an id of this table.
    ///
    /// ```
    /// use cute::dynamic::LayoutInterner;
    /// let mut t = LayoutInterner::new();
    /// let id = t.intern(&"(2,4):(1,2)".parse().unwrap()).unwrap();
    /// assert_eq!(t.get(id).unwrap().to_string(), "8:1");
    /// ```
    pub fn get(&self, id: LayoutId) -> Option<&CanonicalLayout> {
        self.layouts.get(id.index())
    }

    /// The number of distinct canonical layouts.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::LayoutInterner::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.layouts.len()
    }

    /// Whether the table is empty.
    ///
    /// ```
    /// assert!(cute::dynamic::LayoutInterner::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.layouts.is_empty()
    }

    /// The id of `c`, added if new. The key is the canonical form's text, which the notation
    /// reads back to the same layout, so equal texts are equal layouts.
    fn insert(&mut self, c: CanonicalLayout) -> Result<LayoutId> {
        let key = c.to_string();
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let Ok(next) = u32::try_from(self.layouts.len()) else {
            bail!(Overflow, "a table of {} layouts: a LayoutId numbers at most 2^32", self.layouts.len());
        };
        let id = LayoutId(next);
        self.ids.insert(key, id);
        self.layouts.push(c);
        Ok(id)
    }
}

//! Tensors over the dynamic engine's layouts: the algebra and the partitions of
//! [`crate::dynamic`] applied to the layout, the engine kept and its origin moved by the offset.

use crate::dynamic::{self, Coord, IntTuple, Layout, Result, Tiler};

use super::{make_tensor_at, Engine, Tensor};

/// A layout-to-layout operation of the dynamic engine, as a tensor method.
macro_rules! relayout {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(self, tiler: &Tiler) -> Result<Self> {
            let layout = dynamic::$op(&self.layout, tiler)?;
            make_tensor_at(self.engine, self.base, layout)
        }
    )*};
}

impl<E: Engine> Tensor<E, Layout> {
    /// Move the origin by `offset` and take `layout` (a partition's result), checked as
    /// [`make_tensor`](super::make_tensor).
    fn moved(self, (layout, offset): (Layout, i64)) -> Result<Self> {
        super::make_tensor_moved("partition", self.engine, self.base, offset, layout)
    }

    /// The element at a natural coordinate (nested as the shape, an integer standing for a
    /// whole mode), or `None` when the coordinate lies outside the shape: an entry negative or
    /// not below its mode's size, or a tuple entry that does not have its mode's rank.
    ///
    /// ```
    /// use cute::tensor::make_tensor;
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = make_tensor(&data[..], "(8,4):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// assert_eq!(t.get_coord(&"(2,3)".parse().unwrap()), Some(&26));
    /// assert_eq!(t.get_coord(&"(8,0)".parse().unwrap()), None);
    /// ```
    pub fn get_coord(&self, coord: &IntTuple) -> Option<E::Value<'_>> {
        if !inside(coord, &self.layout.shape()) {
            return None;
        }
        // The offset of a coordinate inside the shape is inside the engine by the view's
        // invariant; it is compared with the length all the same, so that the read rests on a
        // check made here.
        let o = self.layout.call_coord(coord).ok()?;
        let at = i64::try_from(self.base).ok()?.checked_add(o)?;
        let at = usize::try_from(at).ok().filter(|&at| at < self.engine.len())?;
        // SAFETY: at < len().
        Some(unsafe { self.engine.value(at) })
    }

    /// The sub-tensor of the modes marked `_` in `coord`, the origin moved by the offset of the
    /// fixed entries (each inside its mode).
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let t = make_tensor(Counting(32), "(8,4):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// assert_eq!(t.slice(&"(_,2)".parse().unwrap()).unwrap().to_string(), "16 o (8):(1)");
    /// ```
    pub fn slice(self, coord: &Coord) -> Result<Self> {
        let r = dynamic::slice_checked(&self.layout, coord, "slice")?;
        self.moved(r)
    }

    relayout! {
        /// `composition(layout, tiler)` over the same engine.
        ///
        /// ```
        /// use cute::tensor::{make_tensor, Counting};
        /// let t = make_tensor(Counting(64), "(8,8):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
        /// assert_eq!(t.composition(&"<2,4>".parse().unwrap()).unwrap().to_string(), "0 o (2,4):(1,8)");
        /// ```
        composition => composition_tiler;
        /// `logical_divide(layout, tiler)` over the same engine.
        ///
        /// ```
        /// use cute::tensor::{make_tensor, Counting};
        /// let t = make_tensor(Counting(64), "(8,8):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
        /// assert_eq!(t.logical_divide(&"<2,4>".parse().unwrap()).unwrap().to_string(), "0 o ((2,4),(4,2)):((1,2),(8,32))");
        /// ```
        logical_divide => logical_divide;
        /// `zipped_divide(layout, tiler)` over the same engine.
        ///
        /// ```
        /// use cute::tensor::{make_tensor, Counting};
        /// let t = make_tensor(Counting(64), "(8,8):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
        /// assert_eq!(t.zipped_divide(&"<2,4>".parse().unwrap()).unwrap().to_string(), "0 o ((2,4),(4,2)):((1,8),(2,32))");
        /// ```
        zipped_divide => zipped_divide;
        /// `tiled_divide(layout, tiler)` over the same engine.
        ///
        /// ```
        /// use cute::tensor::{make_tensor, Counting};
        /// let t = make_tensor(Counting(64), "(8,8):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
        /// assert_eq!(t.tiled_divide(&"<2,4>".parse().unwrap()).unwrap().to_string(), "0 o ((2,4),4,2):((1,8),2,32)");
        /// ```
        tiled_divide => tiled_divide;
        /// `flat_divide(layout, tiler)` over the same engine.
        ///
        /// ```
        /// use cute::tensor::{make_tensor, Counting};
        /// let t = make_tensor(Counting(64), "(8,8):(1,8)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
        /// assert_eq!(t.flat_divide(&"<2,4>".parse().unwrap()).unwrap().to_string(), "0 o (2,4,4,2):(1,8,2,32)");
        /// ```
        flat_divide => flat_divide;
    }

    /// The tile at `coord` ([`dynamic::local_tile`]), a view of the same data.
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let t = make_tensor(Counting(1024), "(16,64):(1,16)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// let tile = t.local_tile(&"(8,16)".parse().unwrap(), &"(1,2)".parse().unwrap()).unwrap();
    /// assert_eq!(tile.to_string(), "520 o (8,16):(1,16)");
    /// ```
    pub fn local_tile(self, tiler: &Tiler, coord: &Coord) -> Result<Self> {
        let r = dynamic::local_tile(&self.layout, tiler, coord)?;
        self.moved(r)
    }

    /// The tile at `coord` with a projection ([`dynamic::local_tile_proj`]).
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let a = make_tensor(Counting(2048), "(64,32):(1,64)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// let (tiler, coord, proj) = ("(16,8,8)".parse().unwrap(), "(2,1,_)".parse().unwrap(), "(1,_,1)".parse().unwrap());
    /// let g = a.local_tile_proj(&tiler, &coord, &proj).unwrap();
    /// assert_eq!(g.to_string(), "32 o (16,8,4):(1,64,512)");
    /// ```
    pub fn local_tile_proj(self, tiler: &Tiler, coord: &Coord, proj: &Coord) -> Result<Self> {
        let r = dynamic::local_tile_proj(&self.layout, tiler, coord, proj)?;
        self.moved(r)
    }

    /// One tile ([`dynamic::inner_partition`]).
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let t = make_tensor(Counting(1024), "(16,64):(1,16)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// assert_eq!(t.inner_partition(&"(8,16)".parse().unwrap(), &"7".parse().unwrap()).unwrap().to_string(), "776 o (8,16):(1,16)");
    /// ```
    pub fn inner_partition(self, tiler: &Tiler, coord: &Coord) -> Result<Self> {
        let r = dynamic::inner_partition(&self.layout, tiler, coord)?;
        self.moved(r)
    }

    /// One element of every tile ([`dynamic::outer_partition`]).
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let t = make_tensor(Counting(1024), "(16,64):(1,16)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// assert_eq!(t.outer_partition(&"(2,16)".parse().unwrap(), &"(1,1)".parse().unwrap()).unwrap().to_string(), "17 o (8,4):(2,256)");
    /// ```
    pub fn outer_partition(self, tiler: &Tiler, coord: &Coord) -> Result<Self> {
        let r = dynamic::outer_partition(&self.layout, tiler, coord)?;
        self.moved(r)
    }

    /// Thread `index`'s share under the thread layout `thr` ([`dynamic::local_partition`]).
    ///
    /// ```
    /// use cute::tensor::{make_tensor, Counting};
    /// let t = make_tensor(Counting(1024), "(16,64):(1,16)".parse::<cute::dynamic::Layout>().unwrap()).unwrap();
    /// assert_eq!(t.local_partition(&"(2,16):(1,2)".parse().unwrap(), 3).unwrap().to_string(), "17 o (8,4):(2,256)");
    /// ```
    pub fn local_partition(self, thr: &Layout, index: i64) -> Result<Self> {
        let r = dynamic::local_partition(&self.layout, thr, index)?;
        self.moved(r)
    }

    /// Thread `thread`'s `(V, rest...)` under the thread-value layout `tv` over tiles `tiler`
    /// ([`dynamic::partition_tv`]; [`dynamic::make_layout_tv`] makes the two).
    ///
    /// ```
    /// use cute::dynamic::{make_layout_tv, Layout, Tiler};
    /// use cute::tensor::{make_tensor, Counting};
    /// let c = make_tensor(Counting(1024), "(32,32):(32,1)".parse::<Layout>().unwrap()).unwrap();
    /// let (tiler, tv) = make_layout_tv(&"(16,8):(8,1)".parse().unwrap(), &"(1,4):(0,1)".parse().unwrap()).unwrap();
    /// let tiler: Tiler = tiler.to_string().parse().unwrap();
    /// assert_eq!(c.partition_tv(&tiler, &tv, 9).unwrap().to_string(), "36 o (4,2,1):(1,512,0)");
    /// ```
    pub fn partition_tv(self, tiler: &Tiler, tv: &Layout, thread: i64) -> Result<Self> {
        let r = dynamic::partition_tv(&self.layout, tiler, tv, thread)?;
        self.moved(r)
    }
}

/// Whether `coord` lies inside `shape`: an integer entry in `0..size` of its mode, a tuple entry
/// of its mode's rank, entry by entry.
fn inside(coord: &IntTuple, shape: &IntTuple) -> bool {
    match (coord, shape) {
        (IntTuple::Leaf(c), _) => *c >= 0 && shape.size().is_ok_and(|n| *c < n),
        (IntTuple::Tuple(_), IntTuple::Leaf(_)) => false,
        (IntTuple::Tuple(cs), IntTuple::Tuple(ss)) => {
            cs.len() == ss.len() && cs.iter().zip(ss).all(|(c, s)| inside(c, s))
        }
    }
}

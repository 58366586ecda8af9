//! Flat leaf values of static tuples, usable in `const` evaluation (the static face's tuples
//! and the messages of its conditions read them).

/// The most leaves a static tuple may have (rank 8 at depth 3 with two leaves per mode fits).
pub const MAX_LEAVES: usize = 64;

/// The leaves of a static int tuple, left to right, as a fixed-capacity array; `const`
/// functions read them to evaluate layouts and to check the algebra's conditions.
///
/// ```
/// use cute::statics::Leaves;
/// let l = Leaves::one(4).concat(Leaves::one(8));
/// assert_eq!((l.len, l.get(1), l.product()), (2, 8, 32));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaves {
    /// Number of leaves.
    pub len: usize,
    /// The values; entries from `len` on are 0.
    pub vals: [i64; MAX_LEAVES],
}

impl Leaves {
    /// No leaves.
    pub const EMPTY: Leaves = Leaves { len: 0, vals: [0; MAX_LEAVES] };

    /// A single leaf.
    ///
    /// ```
    /// assert_eq!(cute::statics::Leaves::one(3).len, 1);
    /// ```
    pub const fn one(v: i64) -> Leaves {
        let mut vals = [0; MAX_LEAVES];
        vals[0] = v;
        Leaves { len: 1, vals }
    }

    /// The leaves of `self` followed by those of `other`; more than [`MAX_LEAVES`] fails
    /// compilation where it is evaluated.
    ///
    /// ```
    /// use cute::statics::Leaves;
    /// assert_eq!(Leaves::one(1).concat(Leaves::EMPTY).len, 1);
    /// ```
    // In range: the assertion bounds both lengths and their sum by MAX_LEAVES (the subtraction
    // is evaluated only when self.len <= MAX_LEAVES), and `i` stays below other.len.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn concat(self, other: Leaves) -> Leaves {
        assert!(self.len <= MAX_LEAVES && other.len <= MAX_LEAVES - self.len, "a static tuple has more than 64 leaves");
        let mut out = self;
        let mut i = 0;
        while i < other.len {
            out.vals[self.len + i] = other.vals[i];
            i += 1;
        }
        out.len = self.len + other.len;
        out
    }

    /// Leaf `i` (0 when out of range).
    ///
    /// ```
    /// assert_eq!(cute::statics::Leaves::one(5).get(0), 5);
    /// ```
    pub const fn get(&self, i: usize) -> i64 {
        if i < self.len {
            self.vals[i]
        } else {
            0
        }
    }

    /// The leaves as a slice.
    ///
    /// ```
    /// assert_eq!(cute::statics::Leaves::one(5).as_slice(), &[5]);
    /// ```
    pub const fn as_slice(&self) -> &[i64] {
        self.vals.split_at(self.len).0
    }

    /// Product of the leaves (1 when empty); overflow fails compilation where evaluated.
    ///
    /// ```
    /// use cute::statics::Leaves;
    /// assert_eq!(Leaves::EMPTY.product(), 1);
    /// ```
    // In range: `i += 1` under `i < self.len`.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn product(&self) -> i64 {
        let mut p = 1i64;
        let mut i = 0;
        while i < self.len {
            p = match p.checked_mul(self.vals[i]) {
                Some(v) => v,
                None => panic!("the size of a static shape does not fit in i64"),
            };
            i += 1;
        }
        p
    }
}

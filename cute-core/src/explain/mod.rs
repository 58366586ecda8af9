//! Explanations: the derivation of an operation of the dynamic engine, step by step with the
//! numbers.
//!
//! Each function here takes the operands of the [`dynamic`](crate::dynamic) operation of the same
//! name and returns an [`Explanation`]: the operation, its operands, the [`Step`]s of the
//! derivation (each of a [`StepKind`], with its operands and its result, and possibly sub-steps),
//! and the outcome. The outcome is always the engine's: the same layout where the engine returns
//! one, the same error (kind and message) where it fails, the derivation then ending in the step
//! whose condition is violated. [`Explanation::replay`] derives the operation again from the
//! explanation's operands, each step's operands taken from those and from earlier results, each
//! result from its kind's rule, and checks the recorded steps against it one by one.
//!
//! An explanation records a step per mode of A that each leaf of B walks, so its size grows with
//! the product of its operands' sizes: operands of more than [`MAX_EXPLAINED_LEAVES`] leaves are
//! not explained (the explanation is a single failed step, of kind
//! [`TooManyLeaves`](ErrorKind::TooManyLeaves)).
//!
//! The steps follow the engine's algorithms (CuTe's): composition distributes over B's leaves and
//! walks the coalesced modes of A for each (dividing out the stride, then keeping the size);
//! complement sorts the modes by stride and fills the gaps up to the cotarget; a divide composes A
//! with `(B, complement(B, shape(coalesce(A))))`; a product is
//! `(A, complement(A, size(A)*cosize(B)) o B)`; the zipped, tiled, flat, blocked and raked forms
//! regroup the logical one.
//!
//! ```
//! use cute::dynamic::Layout;
//! use cute::explain::composition;
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
//! let b: Layout = "6:12".parse().unwrap();
//! let e = composition(&a, &b);
//! assert_eq!(e.outcome().unwrap().to_string(), "(2,3):(9,5)");
//! assert!(e.to_string().contains("stride 3 divides shape 6: the mode becomes 2:3*3, stride left 1"));
//! assert_eq!(e.replay().unwrap().to_string(), "(2,3):(9,5)");
//! ```

mod derive;
mod display;
mod rules;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::dynamic::{Error, ErrorKind, IntTuple, Layout, Result, Tiler};

/// The most leaves the operands of an explanation may have together (a tiler's `_` or integer
/// counts as one). An explanation records a step for each mode of A that each leaf of B walks (a
/// divide walks B and its complement, a product A's complement), so its size grows with the
/// product of its operands' sizes; this bound keeps the largest one to some 65,000 steps. Beyond
/// it the explanation is a single failed [`StepKind::CheckOperandLeaves`] step whose error, of
/// kind [`TooManyLeaves`](ErrorKind::TooManyLeaves), names the bound.
///
/// ```
/// use cute::dynamic::{ErrorKind, HTuple, Layout};
/// use cute::explain::{coalesce, MAX_EXPLAINED_LEAVES};
/// let wide = |n: usize| Layout::new(HTuple::Tuple(vec![HTuple::Leaf(2); n]), HTuple::Tuple(vec![HTuple::Leaf(1); n]));
/// assert!(coalesce(&wide(MAX_EXPLAINED_LEAVES).unwrap()).outcome().is_ok());
/// let e = coalesce(&wide(MAX_EXPLAINED_LEAVES + 1).unwrap());
/// let err = e.outcome().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::TooManyLeaves);
/// assert_eq!(err.message(), "coalesce: the operands have 257 leaves, more than the 256 an explanation takes");
/// assert_eq!(e.steps().len(), 1);
/// ```
pub const MAX_EXPLAINED_LEAVES: usize = 256;

/// A value a step works on or produces.
///
/// ```
/// use cute::explain::{complement, Operand};
/// let e = complement(&"4:2".parse().unwrap(), &24.into());
/// assert!(matches!(e.operands()[0], Operand::Layout(_)));
/// assert_eq!(e.operands()[1].to_string(), "24");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Operand {
    /// An integer: a shape, a stride, an index, a flag (0 or 1).
    Int(i64),
    /// Several integers: the values a step produces together, start indices, an order.
    Ints(Vec<i64>),
    /// An int tuple: a cotarget, a shape.
    Tuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// Several layouts: the leaves of B, the modes to join.
    Layouts(Vec<Layout>),
    /// A tiler.
    Tiler(Tiler),
    /// Text: the operation an error message names, or the name of a nested operation.
    Text(String),
    /// The result of a check whose condition holds.
    Holds,
}

/// What a step does; its rule computes the step's result from its operands.
///
/// ```
/// use cute::explain::{coalesce, StepKind};
/// let e = coalesce(&"(2,(1,6)):(1,(6,2))".parse().unwrap());
/// let kinds: Vec<StepKind> = e.steps().iter().map(|s| s.kind()).collect();
/// assert_eq!(kinds, [StepKind::Flatten, StepKind::StartMode, StepKind::DropMode, StepKind::MergeModes]);
/// assert_eq!(StepKind::MergeModes.name(), "merge modes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StepKind {
    /// Coalesce a layout (`[L, extended]`): the flat modes, back to front, size-1 modes dropped,
    /// contiguous ones merged; with `extended` a trailing size-1 mode keeps its stride.
    Coalesce,
    /// Flatten a layout (`[L]`).
    Flatten,
    /// Coalesce starts from the last mode (`[s, d]` to the walk's state `[s, d, 1]`: its front
    /// mode and how many modes it has).
    StartMode,
    /// Coalesce: a size-1 mode is dropped (`[s, d, state]` to the state).
    DropMode,
    /// Coalesce: the modes so far are one size-1 mode, replaced by this one (`[s, d, state]` to
    /// `[s, d, 1]`).
    ReplaceMode,
    /// Coalesce: `s*d` is the stride of the front mode `s1:d1`, so the two merge (`[s, d, state]`
    /// to `[s*s1, d, count]`).
    MergeModes,
    /// Coalesce: the mode is not contiguous with the front one and is kept in front of it
    /// (`[s, d, state]` to `[s, d, count+1]`).
    KeepMode,
    /// Coalesce: nothing but a size-1 mode is left, `1:0` (`[modes]`).
    Trivial,
    /// Composition distributes over B: its leaves `n:r` (`[B]`).
    Distribute,
    /// Composition of A with one leaf `n:r` of B (`[n:r, strict]`); the sub-steps walk A's modes
    /// and the result joins the modes they keep.
    Leaf,
    /// A leaf of stride 0, or A of a single mode `s:d`: `n:(r*d)` (`[n, r, s, d]` to `[n, r*d]`).
    Linear,
    /// Divide the leaf's stride out of a mode `s:d` of A
    /// (`[i, s, d, size left, stride left, exempt]` to `[shape left, stride left]`).
    DivideStride,
    /// Keep the leaf's size in what a mode `s:d` of A holds
    /// (`[s, d, size left, stride, holds, exempt]` to `[shape, stride, size left, digit]`).
    KeepSize,
    /// A's last mode `s:d` takes the rest of the leaf (`[s, d, size left, stride]` to
    /// `[shape, stride]`).
    LastMode,
    /// Which modes of A a bounded composition checks (`[A's shapes, bound]` to the first mode
    /// checked only below the bound, -1 for none).
    Exempt,
    /// The number of leaves produced fits in a tuple (`[count]`).
    CheckLeafCount,
    /// The leaves' digits in A's modes do not overlap (`[A's shapes, digits, leaves, first
    /// exempt]`, each leaf as `n, sign, top mode, strict`), the engine's check.
    CheckDisjoint,
    /// Join the leaves' results by B's shape (`[B, leaf results]`).
    Join,
    /// Complement: no mode of size > 1 has a negative stride (`[A]`).
    CheckStrides,
    /// Complement: the cotarget's entries are positive (`[M]`).
    CheckCotarget,
    /// Complement: stride-0 modes get size 1 (`[A]`).
    Filter,
    /// Complement of a layout with nothing left: the compact layout of `size(M)` (`[M]`).
    Compact,
    /// The mode order by increasing stride, stable (`[L]` to the indices).
    SortByStride,
    /// Complement: the gap below a mode `s:d`, `d / span` truncated (`[s, d, span]` to
    /// `[gap, span, new span]`).
    Gap,
    /// Complement: the last mode, up to the cotarget (`[M, span]` to `[shape, stride]`).
    UpToCotarget,
    /// Inverses: the index at which each mode starts (`[L]`).
    PrefixProducts,
    /// Right inverse: a mode continues the chain of strides (`[s, d, start, next]` to
    /// `[taken, next]`).
    Chain,
    /// Left inverse: no stride is negative (`[L]`).
    CheckNonNegative,
    /// Left inverse: a stride is a multiple of the span of the smaller ones (`[s, d, start,
    /// span]` to `[shape, stride, span]`, or nothing for stride 0).
    Fold,
    /// Left inverse: the shape of the mode of largest stride closes the inverse (`[L, order]`).
    LastShape,
    /// Left inverse: the result is a quasi-inverse (`[L, order, last absorbs]`), the engine's
    /// check.
    CheckQuasiInverse,
    /// `_` keeps the layout (`[A]`).
    Keep,
    /// A tuple tiler has no more modes than the layout (`[tiler rank, layout rank]`).
    CheckModes,
    /// The operation on one mode (`[operation, i, mode, tiler]`); the sub-steps derive it.
    Mode,
    /// A mode the tiler does not cover (`[i, mode, kept]`): kept by divides and products,
    /// dropped by composition.
    Uncovered,
    /// Join layouts as the modes of one (`[modes]`).
    JoinModes,
    /// The tile of a tiler (`[tiler]`): a layout, or `n` as `n:1`.
    TileLayout,
    /// The size below which a bounded composition must agree (`[L]`).
    Bound,
    /// A complement (`[A, M, checked]`); the sub-steps derive it.
    Complement,
    /// A composition (`[A, B, bound, first bounded mode]`); the sub-steps derive it.
    Compose,
    /// Product: the cotarget `size(A) * cosize(B)` (`[A, B]` to `[size, cosize, product]`).
    ProductCotarget,
    /// Product: the complement has non-positive shapes (negative strides) (`[A, M, complement,
    /// cosize(B)]`).
    CheckDegenerate,
    /// Product: the product's shapes are positive (`[rest]`).
    CheckShapes,
    /// The logical divide or product that a regrouping starts from (`[operation, A, tiler]`).
    Logical,
    /// Gather the tile and rest modes by the tiler (`[L, tiler]`): `((tiles...),(rests...))`.
    Zip2By,
    /// Spread the marked modes into the top level (`[L, marks]`).
    Unpack,
    /// Pad a layout with `1:0` modes to a rank (`[L, rank]`).
    Pad,
    /// Pair the modes of the product's two modes (`[P, raked]`).
    Zip,
    /// Composition with an integer tile: the size is positive (`[n]`).
    CheckTileSize,
    /// The operands have at most [`MAX_EXPLAINED_LEAVES`] leaves (`[count]`); recorded only when
    /// they have more, as the explanation's one step.
    CheckOperandLeaves,
}

impl StepKind {
    /// A short lowercase name.
    ///
    /// ```
    /// assert_eq!(cute::explain::StepKind::DivideStride.name(), "divide stride");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            StepKind::Coalesce => "coalesce",
            StepKind::Flatten => "flatten",
            StepKind::StartMode => "start mode",
            StepKind::DropMode => "drop mode",
            StepKind::ReplaceMode => "replace mode",
            StepKind::MergeModes => "merge modes",
            StepKind::KeepMode => "keep mode",
            StepKind::Trivial => "trivial",
            StepKind::Distribute => "distribute",
            StepKind::Leaf => "leaf",
            StepKind::Linear => "linear",
            StepKind::DivideStride => "divide stride",
            StepKind::KeepSize => "keep size",
            StepKind::LastMode => "last mode",
            StepKind::Exempt => "exempt",
            StepKind::CheckLeafCount => "check leaf count",
            StepKind::CheckDisjoint => "check disjoint",
            StepKind::Join => "join",
            StepKind::CheckStrides => "check strides",
            StepKind::CheckCotarget => "check cotarget",
            StepKind::Filter => "filter",
            StepKind::Compact => "compact",
            StepKind::SortByStride => "sort by stride",
            StepKind::Gap => "gap",
            StepKind::UpToCotarget => "up to cotarget",
            StepKind::PrefixProducts => "prefix products",
            StepKind::Chain => "chain",
            StepKind::CheckNonNegative => "check non-negative",
            StepKind::Fold => "fold",
            StepKind::LastShape => "last shape",
            StepKind::CheckQuasiInverse => "check quasi-inverse",
            StepKind::Keep => "keep",
            StepKind::CheckModes => "check modes",
            StepKind::Mode => "mode",
            StepKind::Uncovered => "uncovered",
            StepKind::JoinModes => "join modes",
            StepKind::TileLayout => "tile",
            StepKind::Bound => "bound",
            StepKind::Complement => "complement",
            StepKind::Compose => "compose",
            StepKind::ProductCotarget => "product cotarget",
            StepKind::CheckDegenerate => "check degenerate",
            StepKind::CheckShapes => "check shapes",
            StepKind::Logical => "logical",
            StepKind::Zip2By => "zip by tiler",
            StepKind::Unpack => "unpack",
            StepKind::Pad => "pad",
            StepKind::Zip => "zip",
            StepKind::CheckTileSize => "check tile size",
            StepKind::CheckOperandLeaves => "check operand leaves",
        }
    }
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of a derivation: its kind, its operands, its result (or the violated condition) and
/// its sub-steps (the walk of a leaf, a nested complement or composition, ...).
///
/// ```
/// use cute::explain::{complement, Operand, StepKind};
/// let e = complement(&"4:2".parse().unwrap(), &24.into());
/// let gap = e.steps().iter().find(|s| s.kind() == StepKind::Gap).unwrap();
/// assert_eq!(gap.operands(), [Operand::Int(4), Operand::Int(2), Operand::Int(1)]);
/// assert_eq!(gap.result().unwrap(), &Operand::Ints(vec![2, 1, 8]));
/// assert!(gap.steps().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    kind: StepKind,
    operands: Vec<Operand>,
    result: Result<Operand>,
    steps: Vec<Step>,
    /// Where the violated condition starts in the error's message, after the context the message
    /// repeats (0: the whole message).
    condition: usize,
}

impl Step {
    /// The kind of the step.
    ///
    /// ```
    /// use cute::explain::{coalesce, StepKind};
    /// assert_eq!(coalesce(&"4:1".parse().unwrap()).steps()[0].kind(), StepKind::StartMode);
    /// ```
    pub fn kind(&self) -> StepKind {
        self.kind
    }

    /// The operands, as the kind's rule takes them (see [`StepKind`]).
    ///
    /// ```
    /// use cute::explain::{coalesce, Operand};
    /// let e = coalesce(&"4:1".parse().unwrap());
    /// assert_eq!(e.steps()[0].operands(), [Operand::Int(4), Operand::Int(1)]);
    /// ```
    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }

    /// The result, or the error of the condition the step found violated.
    ///
    /// ```
    /// use cute::explain::coalesce;
    /// // The walk's state: the front mode 4:1, one mode so far.
    /// let e = coalesce(&"4:1".parse().unwrap());
    /// assert_eq!(e.steps()[0].result().unwrap().to_string(), "(4,1,1)");
    /// ```
    pub fn result(&self) -> core::result::Result<&Operand, &Error> {
        self.result.as_ref()
    }

    /// The sub-steps: the derivation of a nested operation or of one leaf.
    ///
    /// ```
    /// use cute::explain::{composition, StepKind};
    /// let e = composition(&"(4,6):(1,5)".parse().unwrap(), &"6:2".parse().unwrap());
    /// let leaf = e.steps().iter().find(|s| s.kind() == StepKind::Leaf).unwrap();
    /// assert_eq!(leaf.steps()[0].kind(), StepKind::DivideStride);
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// The derivation of one operation: its name, operands, steps and outcome. It prints one
/// numbered line per step (sub-steps indented and numbered under their step), ending in
/// `= RESULT` or `error: <kind>: <message>`.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::complement;
/// let e = complement(&"4:2".parse::<Layout>().unwrap(), &24.into());
/// assert_eq!(e.op(), "complement");
/// assert!(e.to_string().ends_with("\n= (2,3):(1,8)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    op: &'static str,
    operands: Vec<Operand>,
    steps: Vec<Step>,
    outcome: Result<Layout>,
}

impl Explanation {
    /// The operation's name, as in the engine (`composition`, `logical_divide`, ...).
    ///
    /// ```
    /// let e = cute::explain::right_inverse(&"(4,8):(8,1)".parse().unwrap());
    /// assert_eq!(e.op(), "right_inverse");
    /// ```
    pub fn op(&self) -> &str {
        self.op
    }

    /// The operands of the operation.
    ///
    /// ```
    /// let e = cute::explain::right_inverse(&"(4,8):(8,1)".parse().unwrap());
    /// assert_eq!(e.operands()[0].to_string(), "(4,8):(8,1)");
    /// ```
    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }

    /// The steps of the derivation, in order.
    ///
    /// ```
    /// use cute::explain::{right_inverse, StepKind};
    /// let e = right_inverse(&"(4,8):(8,1)".parse().unwrap());
    /// assert_eq!(e.steps()[0].kind(), StepKind::Coalesce);
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The outcome: the engine's result, or its error.
    ///
    /// ```
    /// use cute::dynamic::ErrorKind;
    /// use cute::explain::composition;
    /// let e = composition(&"(4,6,8):(2,3,5)".parse().unwrap(), &"6:3".parse().unwrap());
    /// assert_eq!(e.outcome().unwrap_err().kind(), ErrorKind::StrideDivisibility);
    /// ```
    pub fn outcome(&self) -> core::result::Result<&Layout, &Error> {
        self.outcome.as_ref()
    }

    /// Derive the operation again from the explanation's operands and check the recorded steps
    /// against that derivation, in order: each step's kind, its operands (which the derivation
    /// takes from the explanation's operands and from earlier results, a nested step's from its
    /// parent's inputs), its sub-steps, and its result (its kind's rule applied to the operands; a
    /// nested step's is its sub-steps' final result); then the outcome. Returns the outcome, the
    /// engine's layout or error. A recorded step that differs, a missing or extra step, a
    /// different outcome, or operands of no explained operation give an error of kind
    /// [`InvalidArgument`](ErrorKind::InvalidArgument) whose message starts `replay:` and names
    /// the first step that differs.
    ///
    /// ```
    /// use cute::explain::{composition, left_inverse};
    /// let e = composition(&"(4,6):(1,4)".parse().unwrap(), &"6:2".parse().unwrap());
    /// assert_eq!(e.replay().unwrap(), *e.outcome().unwrap());
    /// let bad = left_inverse(&"(4,8):(2,5)".parse().unwrap());
    /// assert_eq!(bad.replay().unwrap_err(), *bad.outcome().unwrap_err());
    /// ```
    pub fn replay(&self) -> Result<Layout> {
        let Some(fresh) = derive::rederive(self.op, &self.operands) else {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("replay: {}({}) is not an explained operation", self.op, display::operands(&self.operands)),
            ));
        };
        compare(&self.steps, &fresh.steps, "")?;
        if fresh.outcome != self.outcome {
            let shown = fresh.outcome.clone().map(Operand::Layout);
            return Err(mismatch("the outcome", &self.outcome, &shown));
        }
        fresh.outcome
    }

    pub(crate) fn new(
        op: &'static str,
        operands: Vec<Operand>,
        steps: Vec<Step>,
        outcome: Result<Layout>,
    ) -> Explanation {
        Explanation { op, operands, steps, outcome }
    }
}

/// The replay error of a recorded result that differs from the recomputed one.
fn mismatch<T: fmt::Display>(what: &str, recorded: &Result<T>, recomputed: &Result<Operand>) -> Error {
    fn show<U: fmt::Display>(r: &Result<U>) -> String {
        match r {
            Ok(v) => format!("{}", v),
            Err(e) => format!("error: {}", e),
        }
    }
    Error::new(
        ErrorKind::InvalidArgument,
        format!("replay: {}: recorded {}, recomputed {}", what, show(recorded), show(recomputed)),
    )
}

/// Check the recorded `steps` (numbered under `prefix`) against those of the derivation.
fn compare(recorded: &[Step], derived: &[Step], prefix: &str) -> Result<()> {
    let fail = |what: String| Err(Error::new(ErrorKind::InvalidArgument, format!("replay: {}", what)));
    for (number, i) in (1usize..).zip(0..recorded.len().max(derived.len())) {
        let label = format!("{}{}", prefix, number);
        let (r, d) = match (recorded.get(i), derived.get(i)) {
            (Some(r), Some(d)) => (r, d),
            (Some(r), None) => return fail(format!("step {} ({}): the derivation has no such step", label, r.kind)),
            (None, Some(d)) => return fail(format!("step {}: missing, the derivation has a {} step", label, d.kind)),
            (None, None) => break,
        };
        let step = format!("step {} ({})", label, r.kind);
        if r.kind != d.kind {
            return fail(format!("{}: the derivation has a {} step here", step, d.kind));
        }
        if r.operands != d.operands {
            return fail(format!(
                "{}: operands {}, the derivation's are {}",
                step,
                display::operands(&r.operands),
                display::operands(&d.operands)
            ));
        }
        compare(&r.steps, &d.steps, &format!("{}.", label))?;
        if r.result != d.result {
            return Err(mismatch(&step, &r.result, &d.result));
        }
    }
    Ok(())
}

/// The derivation of `A o B` (the engine's [`composition`](crate::dynamic::composition)): A
/// coalesced, B distributed into its leaves, each leaf walking A's modes, the leaves' results
/// joined by B's shape, and (for several leaves) the engine's check that they do not overlap.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::composition;
/// let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
/// let e = composition(&a, &"6:12".parse().unwrap());
/// assert!(e.to_string().contains("mode 0 of A, 4:2: stride 12 is a multiple of shape 4"));
/// assert_eq!(e.outcome().unwrap().to_string(), "(2,3):(9,5)");
/// ```
pub fn composition(a: &Layout, b: &Layout) -> Explanation {
    derive::explain("composition", alloc::vec![Operand::Layout(a.clone()), Operand::Layout(b.clone())], |t| {
        derive::composition(t, a, b, None, 0)
    })
}

/// The derivation of `A o tiler` (the engine's
/// [`composition_tiler`](crate::dynamic::composition_tiler)): a layout as in [`composition`], an
/// integer `n` as the leaf `n:1`, `_` keeping A, and a tuple mode by mode.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::composition_tiler;
/// let a: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let e = composition_tiler(&a, &"<3:4,8:2>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// assert!(e.to_string().contains("mode 0: composition(12:59, 3:4)"));
/// ```
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("composition", alloc::vec![Operand::Layout(a.clone()), Operand::Tiler(tiler.clone())], |t| {
        derive::composition_tiler(t, a, tiler)
    })
}

/// The derivation of `complement(A, M)` (the engine's
/// [`complement`](crate::dynamic::complement)): A filtered and coalesced, its modes sorted by
/// stride, the gap below each, and a last mode up to the cotarget.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::complement;
/// let e = complement(&"4:2".parse::<Layout>().unwrap(), &24.into());
/// assert!(e.to_string().contains("gap below 4:2: 2/1 = 2, mode 2:1; span 2*4 = 8"));
/// assert_eq!(e.outcome().unwrap().to_string(), "(2,3):(1,8)");
/// ```
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Explanation {
    derive::explain("complement", alloc::vec![Operand::Layout(a.clone()), Operand::Tuple(cotarget.clone())], |t| {
        derive::complement(t, a, cotarget, true)
    })
}

/// The derivation of `logical_divide(A, tiler)` (the engine's
/// [`logical_divide`](crate::dynamic::logical_divide)): `A o (B, complement(B, shape(coalesce(A))))`
/// with both parts shown, mode by mode for a tuple tiler.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::logical_divide;
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let e = logical_divide(&a, &"<4:1,8:2>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((4,2),(8,2)):((20,80),(2,1))");
/// assert!(e.to_string().contains("complement(4:1, 8)"));
/// ```
pub fn logical_divide(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("logical_divide", derive::a_tiler(a, tiler), |t| derive::logical_divide(t, a, tiler))
}

/// The derivation of `zipped_divide(A, tiler)`: the logical divide, then its modes gathered into
/// `((tiles...),(rests...))`.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::zipped_divide;
/// let e = zipped_divide(&"(8,16):(20,1)".parse().unwrap(), &"<4:1,8:2>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((4,8),(2,2)):((20,2),(80,1))");
/// ```
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("zipped_divide", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_divide", a, tiler, &[])
    })
}

/// The derivation of `tiled_divide(A, tiler)`: the zipped divide with the rests spread,
/// `((tiles...),rest0,rest1,...)`.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::tiled_divide;
/// let e = tiled_divide(&"(8,16):(20,1)".parse().unwrap(), &"<4:1,8:2>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((4,8),2,2):((20,2),80,1)");
/// ```
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("tiled_divide", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_divide", a, tiler, &[0, 1])
    })
}

/// The derivation of `flat_divide(A, tiler)`: the zipped divide with both modes spread,
/// `(tile0,tile1,...,rest0,rest1,...)`.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::flat_divide;
/// let e = flat_divide(&"(8,16):(20,1)".parse().unwrap(), &"<4:1,8:2>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "(4,8,2,2):(20,2,80,1)");
/// ```
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("flat_divide", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_divide", a, tiler, &[1, 1])
    })
}

/// The derivation of `logical_product(A, tiler)` (the engine's
/// [`logical_product`](crate::dynamic::logical_product)):
/// `(A, complement(A, size(A)*cosize(B)) o B)`, mode by mode for a tuple tiler.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::logical_product;
/// let a: Layout = "(3,4):(4,1)".parse().unwrap();
/// let e = logical_product(&a, &"(2,5):(1,2)".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((3,4),(2,5)):((4,1),(12,24))");
/// assert!(e.to_string().contains("size(A) * cosize(B) = 12 * 10 = 120"));
/// ```
pub fn logical_product(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("logical_product", derive::a_tiler(a, tiler), |t| derive::logical_product(t, a, tiler))
}

/// The derivation of `zipped_product(A, tiler)`: the logical product, then its modes gathered
/// into `((A's modes...),(products...))`.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::zipped_product;
/// let e = zipped_product(&"(2,2):(1,2)".parse().unwrap(), &"<3:1,2:1>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((2,2),(3,2)):((1,2),(2,1))");
/// ```
pub fn zipped_product(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("zipped_product", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_product", a, tiler, &[])
    })
}

/// The derivation of `tiled_product(A, tiler)`: the zipped product with the products spread.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::tiled_product;
/// let e = tiled_product(&"(2,2):(1,2)".parse().unwrap(), &"<3:1,2:1>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((2,2),3,2):((1,2),2,1)");
/// ```
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("tiled_product", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_product", a, tiler, &[0, 1])
    })
}

/// The derivation of `flat_product(A, tiler)`: the zipped product with both modes spread.
///
/// ```
/// use cute::dynamic::{Layout, Tiler};
/// use cute::explain::flat_product;
/// let e = flat_product(&"(2,2):(1,2)".parse().unwrap(), &"<3:1,2:1>".parse::<Tiler>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "(2,2,3,2):(1,2,2,1)");
/// ```
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Explanation {
    derive::explain("flat_product", derive::a_tiler(a, tiler), |t| {
        derive::regrouped(t, "logical_product", a, tiler, &[1, 1])
    })
}

/// The derivation of `blocked_product(A, B)`: both padded to the larger rank, their logical
/// product, and its two modes paired mode by mode, `((a0,b0'),(a1,b1'),...)`.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::blocked_product;
/// let e = blocked_product(&"(3,4):(4,1)".parse().unwrap(), &"(2,5):(1,2)".parse().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((3,2),(4,5)):((4,12),(1,24))");
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Explanation {
    derive::explain("blocked_product", alloc::vec![Operand::Layout(a.clone()), Operand::Layout(b.clone())], |t| {
        derive::rank_product(t, a, b, false)
    })
}

/// The derivation of `raked_product(A, B)`: as [`blocked_product`], the pairs the other way,
/// `((b0',a0),(b1',a1),...)`.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::raked_product;
/// let e = raked_product(&"(3,4):(4,1)".parse().unwrap(), &"(2,5):(1,2)".parse().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "((2,3),(5,4)):((12,4),(24,1))");
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Explanation {
    derive::explain("raked_product", alloc::vec![Operand::Layout(a.clone()), Operand::Layout(b.clone())], |t| {
        derive::rank_product(t, a, b, true)
    })
}

/// The derivation of `coalesce(L)` (the engine's [`coalesce`](crate::dynamic::coalesce)): the
/// flat modes from the last to the first, each pair of adjacent modes and the rule applied
/// (a size-1 mode dropped, `s1*d1 == d2` merged, else kept).
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::coalesce;
/// let e = coalesce(&"(2,(1,6)):(1,(6,2))".parse::<Layout>().unwrap());
/// assert!(e.to_string().contains("2:1 then 6:2: 2*1 == 2: merged into 12:1"));
/// assert_eq!(e.outcome().unwrap().to_string(), "12:1");
/// ```
pub fn coalesce(layout: &Layout) -> Explanation {
    derive::explain("coalesce", alloc::vec![Operand::Layout(layout.clone())], |t| derive::coalesce(t, layout))
}

/// The derivation of `right_inverse(L)` (the engine's
/// [`right_inverse`](crate::dynamic::right_inverse)): L coalesced, the start index of each mode,
/// the modes sorted by stride, the chain of contiguous strides `1, s*d, ...`, and the result
/// coalesced.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::right_inverse;
/// let e = right_inverse(&"(4,8):(8,1)".parse::<Layout>().unwrap());
/// assert!(e.to_string().contains("8:1: stride 1 == 1: contiguous, takes 8:4"));
/// assert_eq!(e.outcome().unwrap().to_string(), "(8,4):(4,1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Explanation {
    derive::explain("right_inverse", alloc::vec![Operand::Layout(layout.clone())], |t| derive::right_inverse(t, layout))
}

/// The derivation of `left_inverse(L)` (the engine's
/// [`left_inverse`](crate::dynamic::left_inverse)): L coalesced, the modes sorted by stride, each
/// stride checked to be a multiple of the span of the smaller ones, the engine's quasi-inverse
/// check, and the result coalesced.
///
/// ```
/// use cute::dynamic::Layout;
/// use cute::explain::left_inverse;
/// let e = left_inverse(&"(4,8):(1,5)".parse::<Layout>().unwrap());
/// assert_eq!(e.outcome().unwrap().to_string(), "(5,8):(1,4)");
/// let bad = left_inverse(&"(4,8):(2,5)".parse::<Layout>().unwrap());
/// assert!(bad.to_string().ends_with("stride 5 is not a multiple of 2, the span of the smaller strides"));
/// ```
pub fn left_inverse(layout: &Layout) -> Explanation {
    derive::explain("left_inverse", alloc::vec![Operand::Layout(layout.clone())], |t| derive::left_inverse(t, layout))
}

#[cfg(test)]
mod tests;

//! From parsed notation to the static face's types: typenum integers in frunk_core HLists, and
//! with runtime leaves (`{expr}`, `{}` in a type) to the mixed face's values and types, where
//! each runtime leaf is an `i64`.
//!
//! Every integer is written in typenum's binary form (`PInt<UInt<UInt<UTerm, B1>, B0>>` is 2),
//! which is what the aliases `P2`, `N2`, ... stand for; the aliases stop at 1024, the binary
//! form does not.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::Result;

use crate::notation::{Kind, Term};

/// A leaf of a checked int tuple.
#[derive(Clone)]
pub enum Leaf {
    /// An integer literal: a static typenum leaf.
    Static(i64),
    /// A runtime `i64` leaf: in a value, the expression that gives it (once bound, the name of
    /// the local holding it) and the span of its braces; in a type, nothing.
    Runtime(TokenStream, Span),
}

/// A checked int tuple: the leaves are shape extents (positive) or strides, and a stride may
/// also be a basis stride.
pub enum Tuple {
    Leaf(Leaf),
    /// A basis stride `v@k...`: its scale and its dims, innermost first as written.
    Basis(Leaf, Vec<u32>),
    Node(Vec<Tuple>),
}

impl Tuple {
    /// True when every leaf (every scale) is an integer literal.
    pub fn is_static(&self) -> bool {
        match self {
            Tuple::Leaf(l) | Tuple::Basis(l, _) => matches!(l, Leaf::Static(_)),
            Tuple::Node(v) => v.iter().all(Tuple::is_static),
        }
    }

    /// True when some leaf is a basis stride.
    pub fn has_basis(&self) -> bool {
        match self {
            Tuple::Leaf(_) => false,
            Tuple::Basis(..) => true,
            Tuple::Node(v) => v.iter().any(Tuple::has_basis),
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Role {
    Shape,
    Stride,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Shape => "shape",
            Role::Stride => "stride",
        }
    }
}

/// Where the notation is written: a runtime leaf is `{expr}` in a value (`layout!`, `shape!`,
/// `stride!`) and `{}`, meaning `i64`, in a type (`Layout!`, `Shape!`, `Stride!`).
#[derive(Clone, Copy, PartialEq)]
pub enum Position {
    Value,
    Type,
}

/// `{}` in a value macro.
const EMPTY_RUNTIME: &str = "a runtime leaf in a value is written `{expr}`, with an i64 expression \
                             (`{}` is the form for types: `Layout!`, `Shape!`, `Stride!`, `Tiler!`)";
/// `{expr}` in a type macro.
const RUNTIME_IN_TYPE: &str = "a runtime leaf in a type is written `{}` (it is an i64); \
                               the expression belongs in the value macro, e.g. `layout!((4,{m}))`";

/// `t` as a shape or a stride.
pub fn int_tuple(t: &Term, role: Role, pos: Position) -> Result<Tuple> {
    match &t.kind {
        Kind::Int(n) if role == Role::Shape && *n <= 0 => {
            Err(t.error(format_args!("a shape extent must be positive, found {n}")))
        }
        Kind::Int(n) => Ok(Tuple::Leaf(Leaf::Static(*n))),
        Kind::Tuple(v) => Ok(Tuple::Node(v.iter().map(|s| int_tuple(s, role, pos)).collect::<Result<_>>()?)),
        Kind::Runtime(e) => match (pos, e.is_empty()) {
            (Position::Value, false) => Ok(Tuple::Leaf(Leaf::Runtime(e.clone(), braces(t)))),
            (Position::Type, true) => Ok(Tuple::Leaf(Leaf::Runtime(TokenStream::new(), braces(t)))),
            (Position::Value, true) => Err(t.error(EMPTY_RUNTIME)),
            (Position::Type, false) => Err(t.error(RUNTIME_IN_TYPE)),
        },
        Kind::Basis(v, dims) if role == Role::Stride => match int_tuple(v, role, pos)? {
            Tuple::Leaf(scale) => Ok(Tuple::Basis(scale, dims.clone())),
            _ => Err(v.error("a basis stride's scale is an integer or a runtime leaf")),
        },
        Kind::Basis(..) => Err(t.error(format_args!("`{t}` is a basis stride, not a shape extent"))),
        Kind::Underscore => Err(t.error(format_args!("expected an integer in the {}, found `_`", role.name()))),
        Kind::Tiler(_) => Err(t.error(format_args!("`{t}` is a tiler, not a {}", role.name()))),
        Kind::Layout(..) => Err(t.error(format_args!("`{t}` is a layout, not a {}", role.name()))),
    }
}

/// The span of a runtime leaf's braces.
fn braces(t: &Term) -> Span {
    t.tokens.clone().into_iter().next().map_or_else(Span::call_site, |b| b.span())
}

/// The first runtime leaf in `t`, if any.
fn first_runtime(t: &Term) -> Option<&Term> {
    match &t.kind {
        Kind::Runtime(_) => Some(t),
        Kind::Tuple(v) | Kind::Tiler(v) => v.iter().find_map(first_runtime),
        Kind::Layout(s, d) => first_runtime(s).or_else(|| first_runtime(d)),
        Kind::Basis(v, _) => first_runtime(v),
        Kind::Int(_) | Kind::Underscore => None,
    }
}

/// The `let` statements a value with runtime leaves starts with: each runtime expression is
/// evaluated once, in the order written, into a local of type `i64`; the compact strides of a
/// runtime shape are products of those locals.
#[derive(Default)]
pub struct Lets {
    stmts: Vec<TokenStream>,
}

impl Lets {
    /// A new local holding `value`; its name, hygienic (`Span::mixed_site`), cannot clash with
    /// the user's names in the expressions. `ty_span` is where "expected `i64`" points.
    fn bind(&mut self, value: TokenStream, ty_span: Span) -> TokenStream {
        let name = Ident::new(&format!("__cute_leaf{}", self.stmts.len()), Span::mixed_site());
        let ty = quote_spanned!(ty_span=> ::core::primitive::i64);
        self.stmts.push(quote!(let #name: #ty = #value;));
        quote!(#name)
    }

    /// Replace each runtime expression of `t` with a local holding its value (a type's runtime
    /// leaves have no expression and stay as they are).
    fn bind_tuple(&mut self, t: &mut Tuple) {
        match t {
            Tuple::Leaf(Leaf::Runtime(e, span)) | Tuple::Basis(Leaf::Runtime(e, span), _) if !e.is_empty() => {
                *e = self.bind(core::mem::take(e), *span)
            }
            Tuple::Leaf(_) | Tuple::Basis(..) => {}
            Tuple::Node(v) => v.iter_mut().for_each(|s| self.bind_tuple(s)),
        }
    }

    /// A runtime leaf holding `a * b` (one of them runtime, both bound or literal).
    ///
    /// The product saturates rather than failing, because the expansion's only error is the one
    /// `Layout::new` returns (`cute::mixed::Error` has no public constructor to carry an
    /// `Overflow`). That is still checked, never wrapped: a compact stride is a product of shape
    /// extents, exact until a first saturation, which happens only when the exact product of
    /// some of the extents is past i64; `Layout::new` then rejects the layout, because its
    /// size (the product of all the extents) overflows too, or because an extent is not
    /// positive. Without saturation every stride is exact.
    fn product(&mut self, a: &Leaf, b: &Leaf, pos: Position) -> Leaf {
        if pos == Position::Type {
            return Leaf::Runtime(TokenStream::new(), Span::call_site());
        }
        let operand = |l: &Leaf| match l {
            Leaf::Static(n) => Literal::i64_unsuffixed(*n).into_token_stream(),
            Leaf::Runtime(e, _) => e.clone(),
        };
        let (a, b) = (operand(a), operand(b));
        let value = quote!(::core::primitive::i64::saturating_mul(#a, #b));
        Leaf::Runtime(self.bind(value, Span::call_site()), Span::call_site())
    }

    /// `{ lets; value }`, or `value` alone when there are no lets.
    fn block(&self, value: TokenStream) -> TokenStream {
        if self.stmts.is_empty() {
            return value;
        }
        let stmts = &self.stmts;
        quote!({ #(#stmts)* #value })
    }
}

/// Check that `stride` has the shape's structure; the error points at the stride's sub-tuple.
fn congruent(shape: &Tuple, stride: &Tuple, shape_term: &Term, stride_term: &Term) -> Result<()> {
    match (shape, stride) {
        (Tuple::Leaf(_), Tuple::Leaf(_) | Tuple::Basis(..)) => Ok(()),
        (Tuple::Node(s), Tuple::Node(d)) if s.len() == d.len() => {
            let (st, dt) = (shape_term.items().unwrap_or_default(), stride_term.items().unwrap_or_default());
            s.iter().zip(d).zip(st.iter().zip(dt)).try_for_each(|((s, d), (st, dt))| congruent(s, d, st, dt))
        }
        (Tuple::Node(s), Tuple::Node(d)) => Err(stride_term.error(format_args!(
            "stride `{stride_term}` is not congruent with shape `{shape_term}`: rank {} where the shape has rank {}",
            d.len(),
            s.len()
        ))),
        (Tuple::Leaf(_), Tuple::Node(_)) => Err(stride_term.error(format_args!(
            "stride `{stride_term}` is not congruent with shape `{shape_term}`: a tuple where the shape has an integer"
        ))),
        // A shape has no basis leaves (`int_tuple` refuses them).
        (Tuple::Basis(..), _) => Err(shape_term.error("a basis stride in a shape")),
        (Tuple::Node(_), Tuple::Leaf(_) | Tuple::Basis(..)) => Err(stride_term.error(format_args!(
            "stride `{stride_term}` is not congruent with shape `{shape_term}`: an integer where the shape has a tuple"
        ))),
    }
}

/// Which compact strides a shape without a stride takes.
#[derive(Clone, Copy)]
pub enum Major {
    /// Column-major, CuTe's default (`LayoutLeft`): the first leaf has stride 1.
    Left,
    /// Row-major (`LayoutRight`): the last leaf has stride 1.
    Right,
}

/// A checked layout: its shape and stride, and in a value the `let`s binding its runtime leaves.
pub struct Parts {
    pub shape: Tuple,
    pub stride: Tuple,
    pub lets: Lets,
}

impl Parts {
    /// True when every leaf is static: the layout is the static face's `Layout`.
    pub fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }
}

/// `t` as a layout: `shape:stride`, or a shape with the compact strides of `major`.
///
/// A compact stride is the product of the extents before its leaf (`LayoutLeft`) or after it
/// (`LayoutRight`); it stays static while every factor is static, as CuTe's: `(_4,m,_2)` has
/// the strides `(_1,_4,4*m)`. In a value, runtime products are locals (see [`Lets::product`]).
pub fn layout(t: &Term, major: Option<(Major, &Ident)>, pos: Position) -> Result<Parts> {
    let mut lets = Lets::default();
    let (shape, stride) = layout_in(t, major, pos, &mut lets)?;
    Ok(Parts { shape, stride, lets })
}

/// [`layout`], binding the runtime leaves with `lets` (shared by the layouts of one tiler, so
/// that each local has its own name).
fn layout_in(t: &Term, major: Option<(Major, &Ident)>, pos: Position, lets: &mut Lets) -> Result<(Tuple, Tuple)> {
    if let Kind::Layout(s, d) = &t.kind {
        if let Some((_, word)) = major {
            let msg = format!("`{word}` chooses the strides of a shape; `{t}` already has a stride");
            return Err(syn::Error::new(word.span(), msg));
        }
        let (mut shape, mut stride) = (int_tuple(s, Role::Shape, pos)?, int_tuple(d, Role::Stride, pos)?);
        congruent(&shape, &stride, s, d)?;
        if stride.has_basis() {
            crate::basis::check(t, &shape, &stride, d)?;
        } else {
            check_cosize(t, &shape, &stride)?;
        }
        lets.bind_tuple(&mut shape);
        lets.bind_tuple(&mut stride);
        return Ok((shape, stride));
    }
    let mut shape = int_tuple(t, Role::Shape, pos)?;
    lets.bind_tuple(&mut shape);
    let mut leaves = Vec::new();
    collect(&shape, &mut leaves);
    let order: Vec<usize> = match major.map_or(Major::Left, |m| m.0) {
        Major::Left => (0..leaves.len()).collect(),
        Major::Right => (0..leaves.len()).rev().collect(),
    };
    let mut strides = vec![Leaf::Static(0); leaves.len()];
    let mut current = Leaf::Static(1);
    for (k, &i) in order.iter().enumerate() {
        strides[i] = current.clone();
        // The stride after the last leaf is not needed (it could overflow where the strides do not).
        if k < order.len().saturating_sub(1) {
            current = match (&current, &leaves[i]) {
                (Leaf::Static(c), Leaf::Static(n)) => Leaf::Static(
                    c.checked_mul(*n)
                        .ok_or_else(|| t.error(format_args!("the compact strides of shape `{t}` overflow i64")))?,
                ),
                (Leaf::Static(1), runtime) => runtime.clone(),
                (c, n) => lets.product(c, n, pos),
            };
        }
    }
    let stride = rebuild(&shape, &mut strides.into_iter());
    Ok((shape, stride))
}

/// The leaves of a shape, in order (a shape has no basis leaves).
fn collect(t: &Tuple, out: &mut Vec<Leaf>) {
    match t {
        Tuple::Leaf(l) | Tuple::Basis(l, _) => out.push(l.clone()),
        Tuple::Node(v) => v.iter().for_each(|s| collect(s, out)),
    }
}

/// The static leaves of `shape:stride` paired, in order.
pub fn static_pairs<'a>(shape: &'a Tuple, stride: &'a Tuple, out: &mut Vec<(i64, &'a Tuple)>) {
    match (shape, stride) {
        (Tuple::Leaf(Leaf::Static(s)), d @ (Tuple::Leaf(_) | Tuple::Basis(..))) => out.push((*s, d)),
        (Tuple::Node(s), Tuple::Node(d)) => s.iter().zip(d).for_each(|(s, d)| static_pairs(s, d, out)),
        _ => {}
    }
}

/// A static layout's offsets must fit in i64, as a runtime one's are checked to when it is
/// made: `1 + sum((s - 1) * |d|)`, its cosize, is a compile error past `i64::MAX`.
fn check_cosize(t: &Term, shape: &Tuple, stride: &Tuple) -> Result<()> {
    if !(shape.is_static() && stride.is_static()) {
        return Ok(());
    }
    let mut pairs = Vec::new();
    static_pairs(shape, stride, &mut pairs);
    // In range: s is a shape extent, positive (`int_tuple` rejects the others), and
    // (s - 1) * |d| < 2^63 * 2^63 = 2^126 fits in i128; the sum is checked.
    #[allow(clippy::arithmetic_side_effects)]
    let reach = pairs.iter().try_fold(1i128, |acc, (s, d)| match d {
        Tuple::Leaf(Leaf::Static(d)) => acc.checked_add(i128::from(s - 1) * i128::from(*d).abs()),
        _ => Some(acc),
    });
    match reach {
        Some(r) if r <= i128::from(i64::MAX) => Ok(()),
        _ => Err(t.error(format_args!("the offsets of `{t}` do not fit in i64: its cosize is past i64::MAX"))),
    }
}

/// A tuple of `like`'s structure with leaves taken in order from `values`.
fn rebuild(like: &Tuple, values: &mut impl Iterator<Item = Leaf>) -> Tuple {
    match like {
        Tuple::Leaf(_) | Tuple::Basis(..) => Tuple::Leaf(values.next().expect("one value per leaf")),
        Tuple::Node(v) => Tuple::Node(v.iter().map(|s| rebuild(s, values)).collect()),
    }
}

/// The typenum type of an integer: `Z0`, `PInt<U>` or `NInt<U>`, `U` in binary.
pub fn integer(n: i64) -> TokenStream {
    if n == 0 {
        return quote!(::cute::typenum::Z0);
    }
    let unsigned = unsigned(n.unsigned_abs());
    if n > 0 {
        quote!(::cute::typenum::PInt<#unsigned>)
    } else {
        quote!(::cute::typenum::NInt<#unsigned>)
    }
}

/// The typenum type of an unsigned integer: `UTerm` for 0, else `UInt<..., B>` in binary.
pub fn unsigned(n: u64) -> TokenStream {
    let mut unsigned = quote!(::cute::typenum::UTerm);
    // In range: leading_zeros() <= 64, and bit < 64 in the shift.
    #[allow(clippy::arithmetic_side_effects)]
    for bit in (0..64 - n.leading_zeros()).rev() {
        let b = if n >> bit & 1 == 1 { quote!(::cute::typenum::B1) } else { quote!(::cute::typenum::B0) };
        unsigned = quote!(::cute::typenum::UInt<#unsigned, #b>);
    }
    unsigned
}

/// An HList of the given types.
pub fn hlist(items: impl DoubleEndedIterator<Item = TokenStream>) -> TokenStream {
    items.rev().fold(quote!(::cute::HNil), |tail, head| quote!(::cute::HCons<#head, #tail>))
}

/// The type of an int tuple: a runtime leaf is `i64`; a basis stride is a `ScaledBasis` of
/// its scale's type and its path (outer first), `0` among basis strides `_0`.
pub fn tuple(t: &Tuple) -> TokenStream {
    match t {
        Tuple::Leaf(Leaf::Static(n)) => integer(*n),
        Tuple::Leaf(Leaf::Runtime(..)) => quote!(::core::primitive::i64),
        Tuple::Basis(scale, dims) => {
            let (v, p) = (tuple(&Tuple::Leaf(scale.clone())), crate::basis::path(dims));
            quote!(::cute::basis::ScaledBasis<#v, #p>)
        }
        Tuple::Node(v) => hlist(v.iter().map(tuple)),
    }
}

/// The type of a layout's strides: the int tuple's, wrapped in `Basis` for basis strides.
fn stride_type(t: &Tuple) -> TokenStream {
    let d = tuple(t);
    if t.has_basis() {
        quote!(::cute::basis::Basis<#d>)
    } else {
        d
    }
}

/// `<T as Default>::default()`: the value of a zero-sized static type.
pub fn value_of(ty: TokenStream) -> TokenStream {
    quote!(<#ty as ::core::default::Default>::default())
}

/// The value of an int tuple whose runtime leaves are bound: `HCons { head, tail }` literals
/// with `<T as Default>::default()` for each static leaf and the local for each runtime one.
fn value(t: &Tuple) -> TokenStream {
    match t {
        Tuple::Leaf(Leaf::Static(n)) => value_of(integer(*n)),
        Tuple::Leaf(Leaf::Runtime(local, _)) => local.clone(),
        Tuple::Basis(Leaf::Static(_), _) => value_of(tuple(t)),
        Tuple::Basis(Leaf::Runtime(local, _), _) => {
            let ty = tuple(t);
            quote!(<#ty>::new(#local))
        }
        Tuple::Node(v) => v.iter().rev().fold(quote!(::cute::HNil), |tail, head| {
            let head = value(head);
            quote!(::cute::HCons { head: #head, tail: #tail })
        }),
    }
}

/// The value of an int tuple (`shape!`, `stride!`): zero-sized when static, else a mixed tuple
/// storing its runtime leaves, each evaluated once, in the order written.
pub fn tuple_value(mut t: Tuple) -> TokenStream {
    if t.is_static() {
        return value_of(tuple(&t));
    }
    let mut lets = Lets::default();
    lets.bind_tuple(&mut t);
    lets.block(value(&t))
}

/// The type of a layout: `cute::Layout` when every leaf is static, else `cute::mixed::Layout`.
pub fn layout_type(parts: &Parts) -> TokenStream {
    let (s, d) = (tuple(&parts.shape), stride_type(&parts.stride));
    if parts.is_static() {
        quote!(::cute::Layout<#s, #d>)
    } else {
        quote!(::cute::mixed::Layout<#s, #d>)
    }
}

/// The value of a layout: the static `Layout` (zero-sized), or with runtime leaves
/// `{ lets; Layout::try_new(shape, stride) }`, a `Result<Layout<..>, mixed::Error>`.
pub fn layout_value(parts: &Parts) -> TokenStream {
    let basis = parts.stride.has_basis();
    if parts.is_static() {
        let ty = layout_type(parts);
        return if basis { quote!(<#ty>::new_basis()) } else { quote!(<#ty>::new()) };
    }
    let (s, d) = (value(&parts.shape), value(&parts.stride));
    if basis {
        return parts.lets.block(quote!(::cute::mixed::Layout::try_new_basis(#s, ::cute::basis::Basis::new(#d))));
    }
    parts.lets.block(quote!(::cute::mixed::Layout::try_new(#s, #d)))
}

/// The type of a tiler: a layout, an integer `n` (meaning `n:1`), `_`, or a tuple of tilers
/// (`<...>` or a shape such as `(4,8)`); a runtime leaf is `{}`, an `i64`.
pub fn tiler_type(t: &Term) -> Result<TokenStream> {
    let mut entries = TilerEntries::default();
    Ok(tiler(t, Position::Type, &mut entries)?.0)
}

/// The value of a tiler: zero-sized when static; with runtime leaves (`{expr}`) a
/// `Result<tiler, cute::mixed::Error>`, `Err` when one of its layouts is not a valid
/// `Layout` (a runtime tile size is checked by the operation that uses it).
pub fn tiler_value(t: &Term) -> Result<TokenStream> {
    let mut entries = TilerEntries::default();
    let (ty, value) = tiler(t, Position::Value, &mut entries)?;
    if first_runtime(t).is_none() {
        return Ok(value_of(ty));
    }
    // Each layout with runtime leaves is checked in turn; the tiler is built inside the last.
    let ok = quote!(::core::result::Result::<#ty, ::cute::mixed::Error>::Ok(#value));
    let checked = entries.layouts.iter().rev().fold(ok, |inner, (name, new)| quote!(#new.and_then(|#name| #inner)));
    Ok(entries.lets.block(checked))
}

/// The runtime parts of a tiler value: the locals of its runtime leaves, and its layouts with
/// runtime leaves, each a name and its `Layout::try_new(..)`.
#[derive(Default)]
struct TilerEntries {
    lets: Lets,
    layouts: Vec<(Ident, TokenStream)>,
}

/// A tiler's type and value (the value is meaningful in [`Position::Value`] only).
fn tiler(t: &Term, pos: Position, entries: &mut TilerEntries) -> Result<(TokenStream, TokenStream)> {
    match &t.kind {
        Kind::Layout(..) => {
            let (shape, stride) = layout_in(t, None, pos, &mut entries.lets)?;
            if stride.has_basis() {
                return Err(t.error("a tiler's layouts have integer strides"));
            }
            let parts = Parts { shape, stride, lets: Lets::default() };
            let ty = layout_type(&parts);
            if parts.is_static() || pos == Position::Type {
                return Ok((ty.clone(), value_of(ty)));
            }
            let name = Ident::new(&format!("__cute_tile{}", entries.layouts.len()), Span::mixed_site());
            let (s, d) = (value(&parts.shape), value(&parts.stride));
            entries.layouts.push((name.clone(), quote!(::cute::mixed::Layout::try_new(#s, #d))));
            Ok((ty, quote!(#name)))
        }
        Kind::Basis(..) => Err(t.error(format_args!("`{t}` is a basis stride, not a tiler"))),
        Kind::Int(n) if *n <= 0 => Err(t.error(format_args!("a tile size must be positive, found {n}"))),
        Kind::Int(n) => Ok((integer(*n), value_of(integer(*n)))),
        Kind::Underscore => Ok((quote!(::cute::Underscore), quote!(::cute::Underscore))),
        Kind::Tuple(v) | Kind::Tiler(v) => {
            let items = v.iter().map(|e| tiler(e, pos, entries)).collect::<Result<Vec<_>>>()?;
            let ty = hlist(items.iter().map(|(ty, _)| ty.clone()));
            let value = items
                .iter()
                .rev()
                .fold(quote!(::cute::HNil), |tail, (_, head)| quote!(::cute::HCons { head: #head, tail: #tail }));
            Ok((ty, value))
        }
        Kind::Runtime(_) => match int_tuple(t, Role::Shape, pos)? {
            Tuple::Leaf(Leaf::Runtime(e, span)) if !e.is_empty() => {
                Ok((quote!(::core::primitive::i64), entries.lets.bind(e, span)))
            }
            _ => Ok((quote!(::core::primitive::i64), TokenStream::new())),
        },
    }
}

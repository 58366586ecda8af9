//! From parsed notation to the static face's types: typenum integers in frunk_core HLists.
//!
//! Every integer is written in typenum's binary form (`PInt<UInt<UInt<UTerm, B1>, B0>>` is 2),
//! which is what the aliases `P2`, `N2`, ... stand for; the aliases stop at 1024, the binary
//! form does not.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Result;

use crate::notation::{Kind, Term};

/// A checked int tuple: the leaves are shape extents (positive) or strides.
pub enum Tuple {
    Leaf(i64),
    Node(Vec<Tuple>),
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

/// The message for a `{expr}` leaf: runtime leaves belong to the mixed layouts, not built yet.
const RUNTIME: &str = "runtime leaves (`{expr}`) are not supported yet: the mixed static/runtime layouts \
                       are not implemented, so every leaf must be an integer literal";

/// `t` as a shape or a stride.
pub fn int_tuple(t: &Term, role: Role) -> Result<Tuple> {
    match &t.kind {
        Kind::Int(n) if role == Role::Shape && *n <= 0 => {
            Err(t.error(format_args!("a shape extent must be positive, found {n}")))
        }
        Kind::Int(n) => Ok(Tuple::Leaf(*n)),
        Kind::Tuple(v) => Ok(Tuple::Node(v.iter().map(|s| int_tuple(s, role)).collect::<Result<_>>()?)),
        Kind::Runtime => Err(t.error(RUNTIME)),
        Kind::Underscore => Err(t.error(format_args!("expected an integer in the {}, found `_`", role.name()))),
        Kind::Tiler(_) => Err(t.error(format_args!("`{t}` is a tiler, not a {}", role.name()))),
        Kind::Layout(..) => Err(t.error(format_args!("`{t}` is a layout, not a {}", role.name()))),
    }
}

/// Check that `stride` has the shape's structure; the error points at the stride's sub-tuple.
fn congruent(shape: &Tuple, stride: &Tuple, shape_term: &Term, stride_term: &Term) -> Result<()> {
    match (shape, stride) {
        (Tuple::Leaf(_), Tuple::Leaf(_)) => Ok(()),
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
        (Tuple::Node(_), Tuple::Leaf(_)) => Err(stride_term.error(format_args!(
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

/// `t` as a layout: `shape:stride`, or a shape with the compact strides of `major`.
pub fn layout(t: &Term, major: Option<(Major, &proc_macro2::Ident)>) -> Result<(Tuple, Tuple)> {
    if let Kind::Layout(s, d) = &t.kind {
        if let Some((_, word)) = major {
            let msg = format!("`{word}` chooses the strides of a shape; `{t}` already has a stride");
            return Err(syn::Error::new(word.span(), msg));
        }
        let (shape, stride) = (int_tuple(s, Role::Shape)?, int_tuple(d, Role::Stride)?);
        congruent(&shape, &stride, s, d)?;
        return Ok((shape, stride));
    }
    let shape = int_tuple(t, Role::Shape)?;
    let mut leaves = Vec::new();
    collect(&shape, &mut leaves);
    let order: Vec<usize> = match major.map_or(Major::Left, |m| m.0) {
        Major::Left => (0..leaves.len()).collect(),
        Major::Right => (0..leaves.len()).rev().collect(),
    };
    let mut strides = vec![0i64; leaves.len()];
    let mut current: i64 = 1;
    for (k, &i) in order.iter().enumerate() {
        strides[i] = current;
        if k + 1 < order.len() {
            current = current
                .checked_mul(leaves[i])
                .ok_or_else(|| t.error(format_args!("the compact strides of shape `{t}` overflow i64")))?;
        }
    }
    let stride = rebuild(&shape, &mut strides.into_iter());
    Ok((shape, stride))
}

fn collect(t: &Tuple, out: &mut Vec<i64>) {
    match t {
        Tuple::Leaf(n) => out.push(*n),
        Tuple::Node(v) => v.iter().for_each(|s| collect(s, out)),
    }
}

/// A tuple of `like`'s structure with leaves taken in order from `values`.
fn rebuild(like: &Tuple, values: &mut impl Iterator<Item = i64>) -> Tuple {
    match like {
        Tuple::Leaf(_) => Tuple::Leaf(values.next().expect("one value per leaf")),
        Tuple::Node(v) => Tuple::Node(v.iter().map(|s| rebuild(s, values)).collect()),
    }
}

/// The typenum type of an integer: `Z0`, `PInt<U>` or `NInt<U>`, `U` in binary.
pub fn integer(n: i64) -> TokenStream {
    if n == 0 {
        return quote!(::cute::typenum::Z0);
    }
    let magnitude = n.unsigned_abs();
    let mut unsigned = quote!(::cute::typenum::UTerm);
    for bit in (0..64 - magnitude.leading_zeros()).rev() {
        let b = if magnitude >> bit & 1 == 1 { quote!(::cute::typenum::B1) } else { quote!(::cute::typenum::B0) };
        unsigned = quote!(::cute::typenum::UInt<#unsigned, #b>);
    }
    if n > 0 {
        quote!(::cute::typenum::PInt<#unsigned>)
    } else {
        quote!(::cute::typenum::NInt<#unsigned>)
    }
}

/// An HList of the given types.
fn hlist(items: impl DoubleEndedIterator<Item = TokenStream>) -> TokenStream {
    items.rev().fold(quote!(::cute::HNil), |tail, head| quote!(::cute::HCons<#head, #tail>))
}

/// The type of an int tuple.
pub fn tuple(t: &Tuple) -> TokenStream {
    match t {
        Tuple::Leaf(n) => integer(*n),
        Tuple::Node(v) => hlist(v.iter().map(tuple)),
    }
}

/// The type of a layout.
pub fn layout_type(shape: &Tuple, stride: &Tuple) -> TokenStream {
    let (s, d) = (tuple(shape), tuple(stride));
    quote!(::cute::Layout<#s, #d>)
}

/// The type of a tiler: a layout, an integer `n` (meaning `n:1`), `_`, or a tuple of tilers
/// (`<...>` or a shape such as `(4,8)`).
pub fn tiler(t: &Term) -> Result<TokenStream> {
    match &t.kind {
        Kind::Layout(..) => {
            let (s, d) = layout(t, None)?;
            Ok(layout_type(&s, &d))
        }
        Kind::Int(n) if *n <= 0 => Err(t.error(format_args!("a tile size must be positive, found {n}"))),
        Kind::Int(n) => Ok(integer(*n)),
        Kind::Underscore => Ok(quote!(::cute::Underscore)),
        Kind::Tuple(v) | Kind::Tiler(v) => Ok(hlist(v.iter().map(tiler).collect::<Result<Vec<_>>>()?.into_iter())),
        Kind::Runtime => Err(t.error(RUNTIME)),
    }
}

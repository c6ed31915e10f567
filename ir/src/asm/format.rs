//! The declarative assembly format of an op (`assemblyFormat` in ODS): its
//! model ([`Format`], [`Elem`]) and the parser that reads the format string
//! once per op definition.
//!
//! The format grammar is small and parsed once per op, never on a hot path,
//! so it is written with chumsky. Parsing has two steps: chumsky turns the
//! text into a raw tree with byte spans, then [`parse_format`] resolves
//! every `$name` against the op's operands, attributes, results, regions
//! and successors, and checks what MLIR's format verifier checks that this
//! engine relies on. Errors carry the byte offset in the format string so
//! the loader can point at the column in the user's `.td`.

use crate::dialect::{Arity, OpDef};
use chumsky::prelude::*;

/// A parsed and resolved assembly format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Format {
    pub elems: Box<[Elem]>,
}

/// One element of a format. Variables are indices into the op definition's
/// lists (`operands`, `attrs`, `results`, `regions`, `successors`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elem {
    /// `` `keyword` `` or punctuation.
    Literal(Box<str>),
    /// `` ` ` `` (true: print a space) or ``` `` ``` (false: no space).
    Space(bool),
    /// `` `\n` ``.
    Newline,
    Operand(u32),
    /// An attribute; `qualified` prints it with its dialect prefix.
    Attr {
        idx: u32,
        qualified: bool,
    },
    Region(u32),
    Successor(u32),
    /// `attr-dict` / `attr-dict-with-keyword`.
    AttrDict {
        keyword: bool,
    },
    /// `prop-dict`.
    PropDict,
    /// `type(arg)` / `qualified(type(arg))`.
    Type {
        arg: TypeArg,
        qualified: bool,
    },
    /// `functional-type(inputs, results)`.
    FunctionalType(TypeArg, TypeArg),
    /// `operands`.
    Operands,
    /// `regions`.
    Regions,
    /// `successors`.
    Successors,
    /// `( ... )?` with an optional `: ( ... )` else branch; `anchor` is the
    /// element marked `^` (its presence decides which branch prints).
    Optional {
        then: Box<[Elem]>,
        els: Box<[Elem]>,
        anchor: Box<Elem>,
    },
    /// `custom<Name>(args)`: bound to a Rust function registered by name.
    Custom {
        name: Box<str>,
        args: Box<[Elem]>,
    },
    /// `ref(arg)` inside a custom directive's arguments.
    Ref(Box<Elem>),
}

/// What a `type`/`functional-type` directive refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeArg {
    Operand(u32),
    Result(u32),
    Operands,
    Results,
}

/// A format error: the byte offset in the format string and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub offset: usize,
    pub message: String,
}

/// Parses `text` as the assembly format of `op`.
pub fn parse_format(text: &str, op: &OpDef) -> Result<Format, FormatError> {
    let raw = match raw_parser().parse(text).into_result() {
        Ok(r) => r,
        Err(errs) => {
            let e = errs.into_iter().next();
            let (offset, message) = match e {
                Some(e) => (e.span().start, rich_message(&e)),
                None => (0, "invalid assembly format".to_string()),
            };
            return Err(FormatError { offset, message });
        }
    };
    let mut r = Resolver {
        op,
        seen_attr_dict: false,
    };
    let elems = r.elems(&raw, Ctx::Top)?;
    if !r.seen_attr_dict {
        return Err(FormatError {
            offset: 0,
            message: "'attr-dict' directive not found in custom assembly format".into(),
        });
    }
    Ok(Format {
        elems: elems.into(),
    })
}

fn span_start(s: SimpleSpan) -> usize {
    s.start
}

fn rich_message(e: &Rich<'_, char>) -> String {
    match e.found() {
        Some(c) => format!("unexpected '{c}' in assembly format"),
        None => "unexpected end of assembly format".into(),
    }
}

// ------------------------------------------------------------ raw grammar

/// The format before names are resolved.
#[derive(Debug, Clone)]
enum Raw<'s> {
    Lit(&'s str, usize),
    Var(&'s str, usize),
    /// A directive name with its parenthesized arguments, if any.
    Dir(&'s str, Option<Vec<Raw<'s>>>, usize),
    Custom(&'s str, Vec<Raw<'s>>, usize),
    Group {
        then: Vec<Raw<'s>>,
        els: Vec<Raw<'s>>,
        at: usize,
    },
    /// An element followed by `^`.
    Anchor(Box<Raw<'s>>),
}

type Extra<'s> = extra::Err<Rich<'s, char>>;

fn raw_parser<'s>() -> impl Parser<'s, &'s str, Vec<Raw<'s>>, Extra<'s>> {
    let ws = any::<&str, Extra<'s>>()
        .filter(|c: &char| c.is_whitespace())
        .repeated();
    let elem = recursive(|elem| {
        let literal = none_of('`')
            .repeated()
            .to_slice()
            .delimited_by(just('`'), just('`'))
            .map_with(|s: &str, e| Raw::Lit(s, span_start(e.span())));
        let name = any()
            .filter(|c: &char| c.is_ascii_alphanumeric() || *c == '_')
            .repeated()
            .at_least(1)
            .to_slice();
        let var = just('$')
            .ignore_then(name)
            .map_with(|s: &str, e| Raw::Var(s, span_start(e.span())));
        let args = elem
            .clone()
            .separated_by(just(',').padded_by(ws))
            .collect::<Vec<_>>()
            .padded_by(ws)
            .delimited_by(just('('), just(')'));
        let custom = just("custom")
            .ignore_then(name.padded_by(ws).delimited_by(just('<'), just('>')))
            .then(args.clone())
            .map_with(|(n, a): (&str, Vec<Raw<'s>>), e| Raw::Custom(n, a, span_start(e.span())));
        let dir_name = any()
            .filter(|c: &char| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .repeated()
            .at_least(1)
            .to_slice();
        let directive = dir_name.then(args.clone().or_not()).map_with(
            |(n, a): (&str, Option<Vec<Raw<'s>>>), e| Raw::Dir(n, a, span_start(e.span())),
        );
        let body = elem
            .clone()
            .padded_by(ws)
            .repeated()
            .collect::<Vec<_>>()
            .delimited_by(just('('), just(')'));
        let group = body
            .clone()
            .then_ignore(just('?'))
            .then(just(':').padded_by(ws).ignore_then(body.clone()).or_not())
            .map_with(
                |(then, els): (Vec<Raw<'s>>, Option<Vec<Raw<'s>>>), e| Raw::Group {
                    then,
                    els: els.unwrap_or_default(),
                    at: span_start(e.span()),
                },
            );
        let atom = choice((literal, var, group, custom, directive));
        atom.then(just('^').or_not()).map(|(a, caret)| match caret {
            Some(_) => Raw::Anchor(Box::new(a)),
            None => a,
        })
    });
    elem.padded_by(ws)
        .repeated()
        .collect::<Vec<_>>()
        .then_ignore(end())
}

// ------------------------------------------------------------- resolution

/// Where an element appears: some directives are only valid in some places.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Top,
    Custom,
    TypeArg,
}

struct Resolver<'o> {
    op: &'o OpDef,
    seen_attr_dict: bool,
}

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError {
        offset,
        message: message.into(),
    })
}

impl Resolver<'_> {
    fn elems(&mut self, raw: &[Raw<'_>], ctx: Ctx) -> Result<Vec<Elem>, FormatError> {
        raw.iter().map(|r| self.elem(r, ctx)).collect()
    }

    fn elem(&mut self, raw: &Raw<'_>, ctx: Ctx) -> Result<Elem, FormatError> {
        match raw {
            Raw::Lit(s, at) => literal(s, *at),
            Raw::Var(name, at) => self.var(name, *at),
            Raw::Anchor(inner) => {
                let at = raw_offset(inner);
                err(at, "'^' is only valid inside an optional group")
            }
            Raw::Group { then, els, at } => self.group(then, els, *at),
            Raw::Custom(name, args, _) => {
                let mut out = Vec::with_capacity(args.len());
                for a in args {
                    out.push(self.elem(a, Ctx::Custom)?);
                }
                Ok(Elem::Custom {
                    name: (*name).into(),
                    args: out.into(),
                })
            }
            Raw::Dir(name, args, at) => self.directive(name, args.as_deref(), *at, ctx),
        }
    }

    fn var(&self, name: &str, at: usize) -> Result<Elem, FormatError> {
        let op = self.op;
        let named = |n: &Option<Box<str>>| n.as_deref() == Some(name);
        if let Some(i) = op.operands.iter().position(|o| named(&o.name)) {
            return Ok(Elem::Operand(i as u32));
        }
        if let Some(i) = op.attrs.iter().position(|a| &*a.name == name) {
            return Ok(Elem::Attr {
                idx: i as u32,
                qualified: false,
            });
        }
        if let Some(i) = op.regions.iter().position(|r| named(&r.name)) {
            return Ok(Elem::Region(i as u32));
        }
        if let Some(i) = op.successors.iter().position(|s| named(&s.name)) {
            return Ok(Elem::Successor(i as u32));
        }
        if op.results.iter().any(|r| named(&r.name)) {
            return err(
                at,
                format!("result variable '${name}' is only valid as an argument to 'type'"),
            );
        }
        err(at, format!("expected variable to refer to an argument, region, result, or successor (no '${name}' in '{}')", op.name))
    }

    fn type_arg(&self, raw: &Raw<'_>) -> Result<TypeArg, FormatError> {
        let op = self.op;
        match raw {
            Raw::Var(name, at) => {
                let named = |n: &Option<Box<str>>| n.as_deref() == Some(*name);
                if let Some(i) = op.operands.iter().position(|o| named(&o.name)) {
                    return Ok(TypeArg::Operand(i as u32));
                }
                if let Some(i) = op.results.iter().position(|o| named(&o.name)) {
                    return Ok(TypeArg::Result(i as u32));
                }
                err(
                    *at,
                    format!("type directive can only refer to variables (no operand or result '${name}')"),
                )
            }
            Raw::Dir("operands", None, _) => Ok(TypeArg::Operands),
            Raw::Dir("results", None, _) => Ok(TypeArg::Results),
            other => err(
                raw_offset(other),
                "type directive can only refer to variables",
            ),
        }
    }

    fn one_arg<'a, 's>(
        name: &str,
        args: Option<&'a [Raw<'s>]>,
        at: usize,
    ) -> Result<&'a Raw<'s>, FormatError> {
        match args {
            Some([a]) => Ok(a),
            _ => err(
                at,
                format!("'{name}' takes exactly one argument in parentheses"),
            ),
        }
    }

    fn directive(
        &mut self,
        name: &str,
        args: Option<&[Raw<'_>]>,
        at: usize,
        ctx: Ctx,
    ) -> Result<Elem, FormatError> {
        let no_args = |e: Elem| -> Result<Elem, FormatError> {
            match args {
                None => Ok(e),
                Some(_) => err(at, format!("'{name}' takes no arguments")),
            }
        };
        match name {
            "attr-dict" | "attr-dict-with-keyword" => {
                if ctx == Ctx::Top && self.seen_attr_dict {
                    return err(at, "'attr-dict' directive has already been seen");
                }
                // `custom<LLVMOpAttrs>(attr-dict)` counts as the op's
                // attr-dict, as in MLIR.
                if ctx == Ctx::Top || ctx == Ctx::Custom {
                    self.seen_attr_dict = true;
                }
                no_args(Elem::AttrDict {
                    keyword: name == "attr-dict-with-keyword",
                })
            }
            "prop-dict" => no_args(Elem::PropDict),
            "operands" => no_args(Elem::Operands),
            "regions" => no_args(Elem::Regions),
            "successors" => no_args(Elem::Successors),
            "results" => err(
                at,
                "'results' directive can only be used as a child to a 'type' directive",
            ),
            "type" => {
                let a = Self::one_arg(name, args, at)?;
                Ok(Elem::Type {
                    arg: self.type_arg(a)?,
                    qualified: false,
                })
            }
            "functional-type" => match args {
                Some([i, r]) => Ok(Elem::FunctionalType(self.type_arg(i)?, self.type_arg(r)?)),
                _ => err(at, "'functional-type' takes two arguments"),
            },
            "qualified" => {
                let a = Self::one_arg(name, args, at)?;
                match self.elem(a, Ctx::TypeArg)? {
                    Elem::Attr { idx, .. } => Ok(Elem::Attr {
                        idx,
                        qualified: true,
                    }),
                    Elem::Type { arg, .. } => Ok(Elem::Type {
                        arg,
                        qualified: true,
                    }),
                    _ => err(
                        raw_offset(a),
                        "'qualified' takes an attribute variable or a 'type' directive",
                    ),
                }
            }
            "ref" => {
                if ctx != Ctx::Custom {
                    return err(at, "'ref' is only valid within a 'custom' directive");
                }
                let a = Self::one_arg(name, args, at)?;
                Ok(Elem::Ref(Box::new(self.elem(a, Ctx::Custom)?)))
            }
            "oilist" => err(at, "'oilist' is not supported yet by irkit's format engine"),
            "custom" => err(at, "expected '<' after 'custom'"),
            _ => err(at, format!("unknown directive '{name}' in assembly format")),
        }
    }

    fn group(&mut self, then: &[Raw<'_>], els: &[Raw<'_>], at: usize) -> Result<Elem, FormatError> {
        let mut anchor = None;
        let mut out = Vec::with_capacity(then.len());
        for r in then {
            match r {
                Raw::Anchor(inner) => {
                    if anchor.is_some() {
                        return err(
                            raw_offset(inner),
                            "only one element can be marked as the anchor of an optional group",
                        );
                    }
                    let e = self.elem(inner, Ctx::Top)?;
                    self.check_anchor(&e, raw_offset(inner))?;
                    anchor = Some(e.clone());
                    out.push(e);
                }
                _ => out.push(self.elem(r, Ctx::Top)?),
            }
        }
        let Some(anchor) = anchor else {
            return err(at, "optional group has no anchor element");
        };
        match out
            .iter()
            .find(|e| !matches!(e, Elem::Space(_) | Elem::Newline))
        {
            Some(Elem::Literal(_))
            | Some(Elem::Operand(_))
            | Some(Elem::Attr { .. })
            | Some(Elem::Region(_))
            | Some(Elem::Successor(_))
            | Some(Elem::Type { .. })
            | Some(Elem::FunctionalType(..))
            | Some(Elem::Custom { .. }) => {}
            _ => {
                return err(
                    at,
                    "first parsable element of an optional group must be a literal, variable, type directive or custom directive",
                )
            }
        }
        let els = self.elems(els, Ctx::Top)?;
        Ok(Elem::Optional {
            then: out.into(),
            els: els.into(),
            anchor: Box::new(anchor),
        })
    }

    fn check_anchor(&self, e: &Elem, at: usize) -> Result<(), FormatError> {
        let op = self.op;
        let ok = match e {
            Elem::Operand(i) => op.operands[*i as usize].arity != Arity::Single,
            Elem::Attr { idx, .. } => op.attrs[*idx as usize].optional,
            Elem::Region(_) | Elem::Successor(_) | Elem::Custom { .. } => true,
            Elem::Type { arg, .. } | Elem::FunctionalType(arg, _) => match arg {
                TypeArg::Operand(i) => op.operands[*i as usize].arity != Arity::Single,
                TypeArg::Result(i) => op.results[*i as usize].arity != Arity::Single,
                TypeArg::Operands | TypeArg::Results => true,
            },
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            err(
                at,
                "only variables and types can be used to anchor an optional group, and they must be optional or variadic",
            )
        }
    }
}

fn literal(s: &str, at: usize) -> Result<Elem, FormatError> {
    match s {
        " " => return Ok(Elem::Space(true)),
        "" => return Ok(Elem::Space(false)),
        "\\n" => return Ok(Elem::Newline),
        _ => {}
    }
    let valid_punct = matches!(
        s,
        "->" | ":"
            | ","
            | "="
            | "<"
            | ">"
            | "("
            | ")"
            | "{"
            | "}"
            | "["
            | "]"
            | "?"
            | "+"
            | "*"
            | "|"
            | "..."
    );
    let b = s.as_bytes();
    let keyword = (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'));
    if !valid_punct && !keyword {
        return err(at, format!("expected valid literal but got '{s}'"));
    }
    Ok(Elem::Literal(s.into()))
}

fn raw_offset(r: &Raw<'_>) -> usize {
    match r {
        Raw::Lit(_, at) | Raw::Var(_, at) | Raw::Dir(_, _, at) | Raw::Custom(_, _, at) => *at,
        Raw::Group { at, .. } => *at,
        Raw::Anchor(inner) => raw_offset(inner),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{AttrDef, AttrKind, ConstraintKind, OperandDef, TypeConstraint};

    fn op() -> OpDef {
        let mut d = OpDef::new("t.op");
        let c = TypeConstraint {
            kind: ConstraintKind::Any,
            summary: "any type".into(),
        };
        d.operands = vec![
            OperandDef {
                name: Some("lhs".into()),
                constraint: c.clone(),
                arity: Arity::Single,
                sizes_attr: None,
            },
            OperandDef {
                name: Some("rest".into()),
                constraint: c.clone(),
                arity: Arity::Variadic,
                sizes_attr: None,
            },
        ]
        .into();
        d.results = vec![OperandDef {
            name: Some("res".into()),
            constraint: c,
            arity: Arity::Single,
            sizes_attr: None,
        }]
        .into();
        d.attrs = vec![AttrDef {
            name: "flag".into(),
            kind: AttrKind::Unit,
            summary: "unit attribute".into(),
            optional: true,
            default: None,
            fill_default: false,
            case_names: Box::new([]),
            min: None,
            max: None,
            power_of_two: false,
            segment_sizes: false,
        }]
        .into();
        d
    }

    #[test]
    fn parses_a_typical_format() {
        let f = parse_format(
            "$lhs (`,` $rest^ `:` type($rest))? (`flag` $flag^)? attr-dict `:` type($res)",
            &op(),
        )
        .map_err(|e| e.message);
        let f = f.unwrap_or_else(|m| panic!("{m}"));
        assert_eq!(f.elems.len(), 6);
        assert_eq!(f.elems[0], Elem::Operand(0));
        assert!(matches!(f.elems[1], Elem::Optional { .. }));
        assert_eq!(
            f.elems[5],
            Elem::Type {
                arg: TypeArg::Result(0),
                qualified: false
            }
        );
    }

    #[test]
    fn errors_point_at_the_offending_column() {
        let e = parse_format("$lhs `,` $nope attr-dict", &op()).err();
        assert_eq!(e.map(|e| e.offset), Some(9));
        let e = parse_format("$lhs attr-dict `:` type($res", &op()).err();
        assert_eq!(e.map(|e| e.offset), Some(28));
        let e = parse_format("$lhs", &op()).err();
        assert!(e.is_some_and(|e| e.message.contains("attr-dict")));
        let e = parse_format("$lhs attr-dict bogus", &op()).err();
        assert_eq!(e.map(|e| e.offset), Some(15));
    }
}

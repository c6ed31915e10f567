//! The file metadata dictionary, `{-# key: value, ... #-}`, read as MLIR's
//! `TopLevelOperationParser` reads it (`parseFileMetadataDictionary` and
//! the resource sections below it): the same grammar, the same checks in
//! the same order, the same messages at the same tokens.
//!
//! `dialect_resources` entries go to the dialect's `OpAsmDialectInterface`
//! ([`registry::resource_handler`]); the builtin and test dialects read a
//! hex blob whose first four bytes are its alignment. `external_resources`
//! entries go to mlir-opt's fallback resource map, which takes a blob, a
//! bool or a string. Only `dialect_resources` entries are kept (in
//! [`Module::resources`](crate::ir::Module), for the printer).

use super::{PResult, Parser};
use crate::dialect::MlirRelease;
use crate::registry::{self, ResourceHandler};

/// What an entry's value token is, as far as a resource parser asks.
enum Value<'a> {
    /// A string token: its text between the quotes, undecoded.
    Str(&'a [u8]),
    /// `true` or `false`.
    Bool,
    /// Any other token.
    Other,
}

impl<'a> Parser<'a> {
    /// `{-# ... #-}` at the cursor.
    pub(super) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.pos += 3;
        self.comma_list_until(b"#-}", "'#-}'", &mut |p| {
            p.skip_ws();
            let key_at = p.pos;
            let Some(key) = p.keyword() else {
                return p.err_here("expected identifier key in file metadata dictionary");
            };
            p.expect(b':', "':'")?;
            match key {
                b"dialect_resources" => p.resource_sections(true),
                b"external_resources" => p.resource_sections(false),
                _ => p.err_at(
                    key_at,
                    format!(
                        "unknown key '{}' in file metadata dictionary",
                        String::from_utf8_lossy(key)
                    ),
                ),
            }
        })
    }

    /// `{ name: { entries }, ... }` (`parseResourceFileMetadata`).
    fn resource_sections(&mut self, dialect: bool) -> PResult<()> {
        self.expect(b'{', "'{'")?;
        self.comma_list_until(b"}", "'}'", &mut |p| {
            p.skip_ws();
            let name_at = p.pos;
            let Some(name) = p.keyword() else {
                return p.err_here("expected identifier key for 'resource' entry");
            };
            p.expect(b':', "':'")?;
            p.expect(b'{', "'{'")?;
            if dialect {
                p.dialect_resources(name, name_at)
            } else {
                p.external_resources()
            }
        })
    }

    /// One dialect's entries (`parseDialectResourceFileMetadata`).
    fn dialect_resources(&mut self, name: &'a [u8], name_at: usize) -> PResult<()> {
        let dialect = String::from_utf8_lossy(name).into_owned();
        let Some(handler) = registry::resource_handler(name, self.release()) else {
            return self.err_at(name_at, format!("dialect '{dialect}' is unknown"));
        };
        if handler == ResourceHandler::None {
            return self.err_here(format!(
                "unexpected 'resource' section for dialect '{dialect}'"
            ));
        }
        let mut entries = Vec::new();
        self.comma_list_until(b"}", "'}'", &mut |p| {
            p.skip_ws();
            let key_at = p.pos;
            let Some(key) = p.resource_key()? else {
                return p.err_here("expected identifier key for 'resource' entry");
            };
            if handler == ResourceHandler::DeclinesKeys {
                return p.err_at(
                    key_at,
                    format!(
                        "unknown 'resource' key '{}' for dialect '{dialect}'",
                        String::from_utf8_lossy(&key)
                    ),
                );
            }
            p.expect(b':', "':'")?;
            p.skip_ws();
            let value_at = p.pos;
            let value = p.value_token()?;
            p.check_blob(&key, &value, value_at)?;
            let k = p.m.ctx.sym(&key);
            let v = p.m.ctx.sym(&p.src[value_at..p.pos]);
            entries.push((k, v));
            Ok(())
        })?;
        let d = self.m.ctx.sym(name);
        self.m.resources.push((d, entries));
        Ok(())
    }

    /// One `external_resources` group, read by mlir-opt's fallback map
    /// (`FallbackAsmResourceMap::ResourceCollection::parseResource`).
    fn external_resources(&mut self) -> PResult<()> {
        self.comma_list_until(b"}", "'}'", &mut |p| {
            let Some(key) = p.resource_key()? else {
                return p.err_here("expected identifier key for 'external_resources' entry");
            };
            p.expect(b':', "':'")?;
            p.skip_ws();
            let value_at = p.pos;
            let value = p.value_token()?;
            match value {
                Value::Bool => Ok(()),
                Value::Str(text) if text.starts_with(b"0x") => p.check_blob(&key, &value, value_at),
                Value::Str(_) => Ok(()),
                Value::Other => p.err_at(
                    value_at,
                    format!(
                        "expected string value for key '{}'",
                        String::from_utf8_lossy(&key)
                    ),
                ),
            }
        })
    }

    /// `parseAsBlob`: a string of `0x` and hex digit pairs, whose first
    /// four bytes are a little-endian alignment, zero or a power of two.
    fn check_blob(&self, key: &[u8], value: &Value<'_>, at: usize) -> PResult<()> {
        let key = String::from_utf8_lossy(key);
        let bytes = match value {
            Value::Str(text) => hex_bytes(text),
            _ => None,
        };
        let Some(bytes) = bytes else {
            return self.err_at(at, format!("expected hex string blob for key '{key}'"));
        };
        let Some(&[a, b, c, d]) = bytes.first_chunk::<4>() else {
            return self.err_at(
                at,
                format!(
                    "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
                ),
            );
        };
        let align = u32::from_le_bytes([a, b, c, d]);
        if align != 0 && !align.is_power_of_two() {
            return self.err_at(
                at,
                format!(
                    "expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {align}"
                ),
            );
        }
        Ok(())
    }

    /// The token after an entry's `:`, consumed whatever it is (MLIR
    /// consumes it before asking the resource parser about it). Only a
    /// string or `true`/`false` can be accepted, so any other token is
    /// only located, not measured.
    fn value_token(&mut self) -> PResult<Value<'a>> {
        if self.peek() == Some(b'"') {
            let start = self.pos;
            self.string_lit()?;
            return Ok(Value::Str(&self.src[start + 1..self.pos - 1]));
        }
        match self.keyword() {
            Some(b"true" | b"false") => Ok(Value::Bool),
            Some(_) => Ok(Value::Other),
            None => {
                self.lexer_error()?;
                Ok(Value::Other)
            }
        }
    }

    /// `parseCommaSeparatedListUntil(end, element)`: an empty list, or
    /// elements separated by commas, then `end`.
    fn comma_list_until(
        &mut self,
        end: &[u8],
        end_name: &str,
        element: &mut dyn FnMut(&mut Parser<'a>) -> PResult<()>,
    ) -> PResult<()> {
        self.skip_ws();
        if self.src[self.pos..].starts_with(end) {
            self.pos += end.len();
            return Ok(());
        }
        loop {
            element(self)?;
            if !self.eat(b',') {
                break;
            }
        }
        self.skip_ws();
        if !self.src[self.pos..].starts_with(end) {
            return self.err_tok(format!("expected ',' or {end_name}"));
        }
        self.pos += end.len();
        Ok(())
    }

    /// `parseOptionalKeyword`: a bare identifier or keyword token, consumed.
    /// An integer type spelling (`i32`, `si8`) is a type token, not one.
    fn keyword(&mut self) -> Option<&'a [u8]> {
        let id = self.peek_ident();
        if id.is_empty() || is_inttype(id) {
            return None;
        }
        self.pos += id.len();
        Some(id)
    }

    /// A resource entry's key: MLIR 22's `parseOptionalKeywordOrString`
    /// (a keyword, or a string's value); MLIR 19 takes only a keyword.
    fn resource_key(&mut self) -> PResult<Option<Vec<u8>>> {
        if self.peek() == Some(b'"') && self.release() >= MlirRelease::V22 {
            return Ok(Some(self.string_lit()?.into_owned()));
        }
        Ok(self.keyword().map(<[u8]>::to_vec))
    }
}

/// MLIR's lexer reads `i<digits>`, `si<digits>` and `ui<digits>` as
/// integer types.
fn is_inttype(id: &[u8]) -> bool {
    let digits = match id {
        [b'i', rest @ ..] => rest,
        [b's' | b'u', b'i', rest @ ..] => rest,
        _ => return false,
    };
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// `Token::getHexStringValue`: `0x` and an even number of hex digits.
fn hex_bytes(text: &[u8]) -> Option<Vec<u8>> {
    let digits = text.strip_prefix(b"0x")?;
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks_exact(2)
        .map(|pair| {
            let hi = (pair[0] as char).to_digit(16)?;
            let lo = (pair[1] as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

//! Hash-consing storage: a value is stored once and named by a `u32` handle.

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Uniquing storage for `T`: equal values get the same index.
///
/// The map is keyed by hash and points into `items`, so each value is stored
/// once (large dense attributes are not duplicated).
#[derive(Debug)]
pub(crate) struct Interner<T> {
    items: Vec<T>,
    by_hash: rustc_hash::FxHashMap<u64, Bucket>,
}

#[derive(Debug)]
enum Bucket {
    One(u32),
    Many(Vec<u32>),
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            by_hash: Default::default(),
        }
    }
}

pub(crate) fn hash_of<T: Hash + ?Sized>(v: &T) -> u64 {
    let mut h = FxHasher::default();
    v.hash(&mut h);
    h.finish()
}

impl<T: Hash + Eq> Interner<T> {
    pub(crate) fn intern(&mut self, value: T) -> u32 {
        self.intern_hashed(hash_of(&value), value)
    }

    /// The index of the value that hashed to `h` and satisfies `eq`, if
    /// stored: a lookup by a borrowed form, with no value built.
    pub(crate) fn find_hashed(&self, h: u64, eq: impl Fn(&T) -> bool) -> Option<u32> {
        match self.by_hash.get(&h)? {
            Bucket::One(i) => eq(&self.items[*i as usize]).then_some(*i),
            Bucket::Many(v) => v.iter().copied().find(|&i| eq(&self.items[i as usize])),
        }
    }

    /// [`Interner::intern`] with the value's hash given: every value must
    /// always be given the same hash (the caller's hash function).
    pub(crate) fn intern_hashed(&mut self, h: u64, value: T) -> u32 {
        match self.by_hash.get_mut(&h) {
            Some(Bucket::One(i)) => {
                let i = *i;
                if self.items[i as usize] == value {
                    return i;
                }
                let n = self.items.len() as u32;
                self.items.push(value);
                self.by_hash.insert(h, Bucket::Many(vec![i, n]));
                n
            }
            Some(Bucket::Many(v)) => {
                for &i in v.iter() {
                    if self.items[i as usize] == value {
                        return i;
                    }
                }
                let n = self.items.len() as u32;
                self.items.push(value);
                v.push(n);
                n
            }
            None => {
                let n = self.items.len() as u32;
                self.items.push(value);
                self.by_hash.insert(h, Bucket::One(n));
                n
            }
        }
    }
    pub(crate) fn get(&self, i: u32) -> &T {
        &self.items[i as usize]
    }
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// Byte strings (identifiers, string attribute contents) interned once.
#[derive(Debug, Default)]
pub(crate) struct StrInterner {
    inner: Interner<Box<[u8]>>,
}

impl StrInterner {
    pub(crate) fn intern(&mut self, s: &[u8]) -> u32 {
        // Avoid allocating when the string is already present.
        let h = hash_of(s);
        if let Some(b) = self.inner.by_hash.get(&h) {
            let found = match b {
                Bucket::One(i) => (&*self.inner.items[*i as usize] == s).then_some(*i),
                Bucket::Many(v) => v
                    .iter()
                    .copied()
                    .find(|&i| &*self.inner.items[i as usize] == s),
            };
            if let Some(i) = found {
                return i;
            }
        }
        self.inner.intern(s.into())
    }
    pub(crate) fn get(&self, i: u32) -> &[u8] {
        self.inner.get(i)
    }
}

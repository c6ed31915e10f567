//! The irkit integration layer: dialects defined in `.td`, the ABI type
//! mapper, and the ABI lowering pass. Knows the `td`, `ir` and `abi` crates;
//! they do not know each other.
pub mod abi_lower;
pub mod abi_map;
pub mod abi_table;
pub mod dialects;
pub mod ops;

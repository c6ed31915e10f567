//! lit-style file tests (RUN lines) and a FileCheck-compatible checker.

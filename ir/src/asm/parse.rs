//! Parsing ops in their custom syntax: the format engine's reading half.

//! The lit RUN-line front end: directive parsing, substitution and the
//! internal shell's parser (nothing is executed). Any panic or hang is a bug;
//! a script that parses must quote back to a line that parses the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(d) = irkit_lit::runner::parse_directives(text) {
        for (_, cmd) in &d.run {
            let _ = irkit_lit::shell::parse(cmd);
        }
    }
    for line in text.lines() {
        let Ok(script) = irkit_lit::shell::parse(line) else {
            continue;
        };
        // One plain command quotes back to a line with the same words.
        if let ([cmd], []) = (script.first.as_slice(), script.rest.as_slice()) {
            if cmd.redirects.is_empty() && cmd.globs.is_empty() && !cmd.args.is_empty() {
                let quoted = irkit_lit::shell::quote_args(&cmd.args);
                let Ok(back) = irkit_lit::shell::parse(&quoted) else {
                    panic!("{quoted:?} (quoted from {line:?}) does not parse");
                };
                assert_eq!(back.first.len(), 1, "{quoted:?} from {line:?}");
                assert_eq!(back.first[0].args, cmd.args, "{quoted:?} from {line:?}");
            }
        }
    }
});

//! MLIR's diagnostics captured as text while a closure runs, instead of
//! going to the context's handlers (stderr by default). Names no dialect.

use melior::Context;
use melior::diagnostic::{Diagnostic, DiagnosticSeverity};
use std::cell::RefCell;
use std::rc::Rc;

/// Runs `f` with every diagnostic emitted in `context` captured (as
/// `location: severity: message`), and returns both.
pub fn capture<R>(context: &Context, f: impl FnOnce() -> R) -> (R, Vec<String>) {
    let (result, diagnostics, _) = capture_counting_errors(context, f);
    (result, diagnostics)
}

/// [`capture`], also saying how many of the diagnostics were errors.
pub fn capture_counting_errors<R>(
    context: &Context,
    f: impl FnOnce() -> R,
) -> (R, Vec<String>, usize) {
    let captured = Rc::new(RefCell::new(Vec::new()));
    let errors = Rc::new(std::cell::Cell::new(0usize));
    let error_sink = Rc::clone(&errors);
    let sink = Rc::clone(&captured);
    let handler = context.attach_diagnostic_handler(move |d: Diagnostic| {
        let severity = match d.severity() {
            DiagnosticSeverity::Error => {
                error_sink.set(error_sink.get() + 1);
                "error"
            }
            DiagnosticSeverity::Warning => "warning",
            DiagnosticSeverity::Remark => "remark",
            DiagnosticSeverity::Note => "note",
        };
        let mut text = format!("{}: {severity}: {d}", d.location());
        for i in 0..d.note_count() {
            if let Ok(note) = d.note(i) {
                text.push_str(&format!("\n  note: {}: {note}", note.location()));
            }
        }
        sink.borrow_mut().push(text);
        true
    });
    let result = f();
    context.detach_diagnostic_handler(handler);
    let diagnostics = captured.take();
    (result, diagnostics, errors.get())
}

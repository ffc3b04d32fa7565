/// Why the real terminal could not start. Each description is one sentence saying what to do.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// stdin or stdout is a pipe or file.
    case notATerminal
    /// `TERM` is missing or empty.
    case termUnset
    /// `TERM=dumb` cannot address cells.
    case dumbTerminal
    /// ncurses has no terminfo entry for this `TERM`.
    case unknownTerminalType(String)
    /// Only one `NcursesTerminal` can be open at a time (ncurses keeps global state).
    case alreadyActive

    public var description: String {
        switch self {
        case .notATerminal:
            return "Tollbooth needs an interactive terminal on stdin and stdout; run it directly in a terminal, not through a pipe or redirect."
        case .termUnset:
            return "The TERM environment variable is not set; set it to your terminal type (for example TERM=xterm-256color) and run again."
        case .dumbTerminal:
            return "TERM=dumb cannot draw a full-screen interface; set TERM to your terminal type (for example xterm-256color) and run again."
        case .unknownTerminalType(let term):
            return "No terminfo entry was found for TERM=\(term); install it (Debian: ncurses-term) or set TERM=xterm-256color."
        case .alreadyActive:
            return "A terminal session is already open in this process; shut it down before opening another."
        }
    }
}

/// Placeholder until the terminal layer lands.
public enum TerminalUIStub {}

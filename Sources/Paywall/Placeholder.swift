/// Placeholder until the paywall lands.
public enum PaywallStub {}

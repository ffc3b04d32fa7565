import AppStoreServer

/// `AppStoreServer` over HTTP: the local App Store Server API and notification deliveries.
public enum AppStoreServerHTTP {}

public enum MockStoreStub {}

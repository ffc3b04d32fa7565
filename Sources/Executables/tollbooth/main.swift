import TollboothCLI

// No server side: `serve` and `notify deliver` run `tollbooth-server` from this folder.
await TollboothMain.main(serverSide: nil)

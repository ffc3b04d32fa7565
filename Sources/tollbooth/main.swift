print("tollbooth: not yet")

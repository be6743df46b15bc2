"""simkit.games"""

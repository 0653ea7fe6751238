"""Terminal front-ends: play the games and simulate AI matches without Discord."""

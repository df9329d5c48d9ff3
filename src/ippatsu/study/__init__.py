"""Monte Carlo studies (work in progress)."""

"""Aquawar: the hidden-identity fish battle of the original AI contest, best of three."""

"""Action codes: small integers shared by the state machine, the strategies and the hand record.

A decision is a pair ``(action, to)``.  ``to`` matters only for the actions that raise the
level of the round (:data:`BET`, :data:`RAISE`, :data:`COMPLETE`): it is the seat's total
commitment *in this round* after the action ("raise **to** 8"), never the increment.  For
:data:`CALL`, :data:`CHECK`, :data:`FOLD`, :data:`BRING_IN` and :data:`ALL_IN` it is ignored.

:data:`ALL_IN` is a request ("put in everything I have"); the engine turns it into the call,
bet, raise, completion or bring-in it amounts to and records that, with the all-in flag.
:data:`ANTE`, :data:`SMALL_BLIND` and :data:`BIG_BLIND` appear only in the hand record.

>>> ACTION_NAMES[RAISE], ACTION_NAMES[BRING_IN]
('raise', 'bring-in')
>>> FOLD < CHECK < CALL
True
"""

from __future__ import annotations

__all__ = [
    "ACTION_NAMES",
    "AGGRESSIVE",
    "ALL_IN",
    "ANTE",
    "BET",
    "BIG_BLIND",
    "BRING_IN",
    "CALL",
    "CHECK",
    "COMPLETE",
    "FLAG_ALL_IN",
    "FLAG_FULL",
    "FOLD",
    "NO_ACTION",
    "RAISE",
    "SMALL_BLIND",
]

NO_ACTION = -1
FOLD = 0
CHECK = 1
CALL = 2
BET = 3  # the first full bet of a round
RAISE = 4  # a raise over a full bet (or over the big blind)
COMPLETE = 5  # bring the level up to a full bet: over a bring-in (R-Z2) or a short all-in bet
BRING_IN = 6  # the Razz bring-in (R-Z2, R-Z5)
ALL_IN = 7  # request only; recorded as the action it amounts to, with FLAG_ALL_IN
ANTE = 8
SMALL_BLIND = 9
BIG_BLIND = 10

#: Readable names, index = action code.
ACTION_NAMES = (
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "complete",
    "bring-in",
    "all-in",
    "ante",
    "small blind",
    "big blind",
)

#: Codes that raise the level of a round.
AGGRESSIVE = (BET, RAISE, COMPLETE)

# Flags of a recorded action (bit mask).
FLAG_ALL_IN = 1  # the action left the seat with no chips
FLAG_FULL = 2  # a full bet/raise/completion: counts towards the cap and reopens the betting

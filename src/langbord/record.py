"""Game records: to_record, replay, save and load (see :mod:`langbord.core.records`)."""

from langbord.core.records import FORMAT, FORMAT_VERSION, load, replay, save, to_record

__all__ = ["FORMAT", "FORMAT_VERSION", "load", "replay", "save", "to_record"]

"""Devices: where compiled code runs (a vendor driver, an emulator or a simulator), behind one narrow interface."""

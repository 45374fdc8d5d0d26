"""The box's hardware without hardware, on the bus side of the same drivers: the device
factory that hands them out (``factory.py``), gpiozero's mock pins, a fake ADS1115, a
synthetic piezo, a pixel buffer for the strip (drawn by pygame in ``pixels.py``), the buzzer
through pygame.mixer, and the pretend builder of ``companion doctor --sim``.  Nothing in
``firmware_py`` imports it but the factory's one choice (``firmware_py/factory.py``)."""

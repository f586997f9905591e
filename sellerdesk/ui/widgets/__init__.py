"""Small reusable widgets and helpers shared by the views."""

"""The Qt face of SellerDesk: models, views and dialogs over the services. Never calls httpx."""

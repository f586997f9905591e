"""A SellerDesk that renews its OAuth grant and then stops dead: for the kill -9 trial.

    python -m tests.support.grant_worker CONFIG_DIR DATA_DIR PROFILE KEYRING

Opens PROFILE (its grant's access token already expired) the way the app does, through
`Shops`, and reads the shop record: the client renews the grant first. The moment the rotated
grant has been written to the keyring (`CredentialStore.set_grant` returned, i.e. right after
the token endpoint answered and before the new access token is used) it prints `SAVED` and
blocks there; the test kills it with SIGKILL.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import CredentialStore, TokenSource
from sellerdesk.services.shops import Shops
from tests.support.keyring import keyring_for


class StopsAfterSaving(CredentialStore):
    def set_grant(self, profile: str, grant: OAuthGrant) -> TokenSource:
        source = super().set_grant(profile, grant)
        print("SAVED", flush=True)
        time.sleep(3600)  # the kill comes first
        return source


async def main(config: Path, data: Path, profile: str, keyring: str) -> None:
    credentials = StopsAfterSaving(config, backend=keyring_for(keyring), environ={})
    shops = Shops(data, credentials=credentials)
    session = await shops.open_saved(profile)
    try:
        await session.client.shop()
    finally:
        await session.aclose()
    print("NOT KILLED", flush=True)


if __name__ == "__main__":
    config, data, name, keyring = sys.argv[1:5]
    asyncio.run(main(Path(config), Path(data), name, keyring))

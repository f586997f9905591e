; Inno Setup 6 script of the SellerDesk installer for Windows.
;
; packaging/build.py runs it after PyInstaller, as:
;   ISCC.exe /DAppVersion=0.1.0 /DSourceDir=dist\SellerDesk /DOutputDir=dist
;            /DIconFile=build\pyinstaller\icons\sellerdesk.ico /DArch=x64 packaging\windows\sellerdesk.iss
; and it writes dist\SellerDesk-<version>-windows-<arch>-setup.exe.
;
; Per-user install by default (no administrator rights needed); the first page offers
; "install for all users" to those who have them.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (packaging/build.py does)
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\SellerDesk"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef Arch
  #define Arch "x64"
#endif

#define AppName "SellerDesk"
#define AppExe "SellerDesk.exe"

[Setup]
; The AppId identifies the product for upgrades and uninstall: never change it.
AppId={{6E0B7C1A-5D2F-4C8B-9A41-3F7E2B9D5C10}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=SellerDesk
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
#if Arch == "arm64"
ArchitecturesAllowed=arm64
ArchitecturesInstallIn64BitMode=arm64
#else
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
#endif
MinVersion=10.0.17763
OutputDir={#OutputDir}
OutputBaseFilename={#AppName}-{#AppVersion}-windows-{#Arch}-setup
#ifdef IconFile
SetupIconFile={#IconFile}
#endif
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ShowLanguageDialog=auto
CloseApplications=yes
RestartApplications=no
ChangesAssociations=no

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "es"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "pt_BR"; MessagesFile: "compiler:Languages\BrazilianPortuguese.isl"

[CustomMessages]
en.DesktopIcon=Create a &desktop shortcut
es.DesktopIcon=Crear un acceso directo en el &escritorio
pt_BR.DesktopIcon=Criar um atalho na área de &trabalho
en.LaunchApp=Open SellerDesk now
es.LaunchApp=Abrir SellerDesk ahora
pt_BR.LaunchApp=Abrir o SellerDesk agora

[Tasks]
Name: "desktopicon"; Description: "{cm:DesktopIcon}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole program folder: no stale module of an older version stays.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchApp}"; Flags: nowait postinstall skipifsilent

import { LogOut, Settings, User } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/web/components/ui/dropdown-menu";
import { useSignOut } from "@/web/lib/sign-out";

export interface MenuUser {
  name?: string | null;
  email: string;
  image?: string | null;
}

/** First letter of the e-mail, upper-cased (SPEC.md section 2.3). */
export function avatarInitial(email: string): string {
  return (email.trim().charAt(0) || "U").toUpperCase();
}

export function displayName(user: Pick<MenuUser, "name">): string {
  return user.name?.trim() || "Usuário";
}

export function comingSoon(feature: string) {
  toast.info("Em breve", { description: `${feature} estará disponível em breve.` });
}

function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.image && <AvatarImage src={user.image} alt="" />}
      <AvatarFallback>{avatarInitial(user.email)}</AvatarFallback>
    </Avatar>
  );
}

export function UserMenu({ user }: { user: MenuUser }) {
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Menu do usuário">
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent inline align="end" className="w-64">
        <DropdownMenuLabel>Minha Conta</DropdownMenuLabel>
        <div className="flex items-center gap-2 px-2 pb-1.5 text-sm">
          <UserAvatar user={user} />
          <div className="grid min-w-0 leading-tight">
            <span className="truncate font-medium">{displayName(user)}</span>
            <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => comingSoon("O perfil")}>
            <User aria-hidden="true" />
            Perfil
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => comingSoon("A página de configurações")}>
            <Settings aria-hidden="true" />
            Configurações
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {signingOut ? "Saindo..." : "Sair"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

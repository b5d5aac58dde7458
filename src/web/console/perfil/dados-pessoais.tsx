import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Camera, Trash2, UserRound } from "lucide-react";
import { useRef, useState } from "react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { type PerfilInput, perfilInputSchema } from "@/shared/schemas/perfil";
import { ErrorState } from "@/web/components/error-state";
import { Field, InputField } from "@/web/components/form-field";
import { SectionCard } from "@/web/components/section-card";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { Button, buttonVariants } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { avatarInitial } from "@/web/components/user-menu";
import { ApiError, errorMessage } from "@/web/lib/api";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { AvatarError, resizeAvatar } from "./avatar-image";
import { useUpdatePerfil } from "./perfil.queries";

const TITLE_ID = "dados-pessoais-titulo";

/** "Dados pessoais": the name and photo the console shows for this user; the e-mail is the login. */
export function DadosPessoaisCard() {
  const me = useQuery(meQueryOptions());
  return (
    <SectionCard
      icon={UserRound}
      title="Dados pessoais"
      titleId={TITLE_ID}
      description="Como você aparece para a sua equipe no Guarita."
    >
      {me.isPending ? (
        <LoadingState message="Carregando seus dados..." />
      ) : me.isError ? (
        <ErrorState title="Não foi possível carregar seus dados." error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <DadosPessoaisForm user={me.data.user} />
      )}
    </SectionCard>
  );
}

function DadosPessoaisForm({ user }: { user: { name: string; email: string; image: string | null } }) {
  const update = useUpdatePerfil();
  const form = useForm<PerfilInput>({
    resolver: zodResolver(perfilInputSchema),
    defaultValues: { name: user.name, image: user.image },
  });
  const image = useWatch({ control: form.control, name: "image" });
  const { isSubmitting } = form.formState;
  const [processing, setProcessing] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = isSubmitting || processing;
  const photoMessage = photoError ?? form.formState.errors.image?.message;

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    setProcessing(true);
    setPhotoError(null);
    try {
      form.setValue("image", await resizeAvatar(file), { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setPhotoError(error instanceof AvatarError ? error.message : "Não foi possível processar a imagem.");
    } finally {
      setProcessing(false);
      // The same file may be chosen again after a removal.
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function removePhoto() {
    form.setValue("image", null, { shouldDirty: true, shouldValidate: true });
    setPhotoError(null);
    // The button that had focus is gone: keep the keyboard user on the photo controls.
    fileInput.current?.focus();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      // What was saved is the form's new starting point (the name comes back trimmed).
      form.reset({ name: saved.name, image: saved.image });
      toast.success("Perfil atualizado!");
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (field.path === "name" || field.path === "image")
            form.setError(field.path as FieldPath<PerfilInput>, { message: field.message });
        }
      }
      toast.error("Erro ao atualizar o perfil", { description: errorMessage(error) });
    }
  });

  const hintId = "foto-hint";
  const errorId = photoMessage ? "foto-error" : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={TITLE_ID} aria-busy={busy} className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar className="size-20">
          {image && <AvatarImage src={image} alt="Sua foto" />}
          <AvatarFallback className="text-2xl">{avatarInitial(user.email)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {/* A real file input, visually hidden; its visible label is the button-looking "Alterar foto". */}
            <input
              ref={fileInput}
              id="foto"
              type="file"
              // Any image the browser can open: it is re-encoded here (avatar-image.ts) before upload.
              accept="image/*"
              className="peer sr-only"
              disabled={busy}
              aria-describedby={[errorId, hintId].filter(Boolean).join(" ")}
              aria-invalid={photoMessage ? true : undefined}
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
            <label
              htmlFor="foto"
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                "cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
              )}
            >
              {processing ? <Spinner /> : <Camera aria-hidden="true" />}
              Alterar foto
            </label>
            {image && (
              <Button variant="ghost" size="sm" className="text-destructive" disabled={busy} onClick={removePhoto}>
                <Trash2 aria-hidden="true" />
                Remover foto
              </Button>
            )}
          </div>
          <p id={hintId} className="text-muted-foreground text-xs">
            Uma imagem PNG, JPEG ou WebP, por exemplo. Ela é recortada em um quadrado de 128 × 128 pixels.
          </p>
          {photoMessage && (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {photoMessage}
            </p>
          )}
        </div>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <InputField form={form} name="name" label="Nome completo" required autoComplete="name" />
        <Field id="email" label="E-mail" hint="É o seu login; não pode ser alterado aqui.">
          {(describedBy) => (
            <Input
              id="email"
              type="email"
              value={user.email}
              readOnly
              className="bg-muted/50"
              aria-describedby={describedBy}
            />
          )}
        </Field>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Salvando..." : "Salvar alterações"}
        </Button>
      </div>
    </form>
  );
}
